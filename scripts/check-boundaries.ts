/**
 * `npm run check:deps`: the boundaries of ARCHITECTURE.md, enforced in `npm test` (lint stage). Fails (exit 1)
 * and names file, rule and target for every violation of:
 *
 * 1. the import rules in `.dependency-cruiser.cjs` (platform → module, a module → another module's tables or
 *    `auth.table`, web feature → feature, web ↔ api, contracts → apps), run through dependency-cruiser;
 * 2. `api-module-cycle`: no cycle between API modules at the module-folder level (`modules/shifts` →
 *    `modules/billing` → `modules/shifts` counts even when no single file cycle exists). Non-test source
 *    only: a test may arrange data through another module's service;
 * 3. `api-sql-foreign-table`: a module's raw SQL (literal text of `sql\`…\`` templates, `sql.raw(…)`,
 *    `.execute(…)`/`.query(…)` strings and any string that starts like a statement) names no table owned by
 *    another module, nor a platform-owned table of `api-sql-platform-tables` outside its owner. Owners come
 *    from the `pgTable('name', …)` definitions: `modules/<m>/*.table.ts` → module `<m>`; `platform/<area>/…`
 *    → `platform/<area>`. Test files and test support are skipped; table files are read (their SQL checks
 *    and defaults must stay local). A table is "named" after `from`, `join`, `into`, `update`, `table`,
 *    `references`, or as a quoted qualifier (`"shift".`).
 *
 * There is no allow-list: a violation is fixed by moving the code (ARCHITECTURE.md), never by an exception.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';
import ts from 'typescript';

const root = fileURLToPath(new URL('..', import.meta.url));
const API = 'apps/api/src';

/** One finding: the rule, the file that breaks it and what it reaches. */
export interface Violation {
  rule: string;
  from: string;
  to: string;
}

/** Repository-relative paths (forward slashes) of the files under `dir` whose names pass `keep`. */
function filesUnder(dir: string, keep: (name: string) => boolean): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
    const relative = `${dir}/${entry.name}`;
    if (entry.isDirectory()) found.push(...filesUnder(relative, keep));
    else if (keep(entry.name)) found.push(relative);
  }
  return found;
}

/** `modules/<m>` or `platform/<area>` for a file under the API's src, else null. */
export function apiUnitOf(file: string): string | null {
  const match = new RegExp(`^${API}/(modules|platform)/([^/]+)/`).exec(file);
  return match ? `${match[1]}/${match[2]}` : null;
}

const isTestFile = (file: string) => /\.test\.tsx?$|test-support|test-utils/.test(file);

/** Table (and view) name → owning unit, from every `pgTable('name', …)` of the API. */
export function tableOwners(): Map<string, string> {
  const owners = new Map<string, string>();
  for (const file of filesUnder(API, (name) => name.endsWith('.table.ts'))) {
    const unit = apiUnitOf(file);
    if (!unit) continue;
    const text = readFileSync(path.join(root, file), 'utf8');
    for (const match of text.matchAll(/pg(?:Table|View|MaterializedView)\(\s*['"]([a-z0-9_]+)['"]/g)) {
      owners.set(match[1] as string, unit);
    }
  }
  return owners;
}

const STATEMENT_START = /^[\s(]*(select|insert|update|delete|with)\s/i;

/** The literal SQL text of a source file (see the header for what counts), one string per literal. */
export function sqlTexts(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.ES2022, true, ts.ScriptKind.TS);
  const texts: string[] = [];
  const literalText = (node: ts.Node): string | null => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return node.text;
    if (ts.isTemplateExpression(node)) {
      return [node.head.text, ...node.templateSpans.map((span) => span.literal.text)].join(' ');
    }
    return null;
  };
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(source) === 'sql') {
      const template = literalText(node.template);
      if (template !== null) texts.push(template);
    } else if (ts.isCallExpression(node)) {
      const callee = node.expression.getText(source);
      if (callee === 'sql.raw' || /\.(execute|query)$/.test(callee)) {
        for (const argument of node.arguments) {
          const argumentText = literalText(argument);
          if (argumentText !== null) texts.push(argumentText);
        }
      }
    } else {
      const own = literalText(node);
      if (own !== null && STATEMENT_START.test(own)) texts.push(own);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return texts;
}

const TABLE_AFTER_KEYWORD =
  /\b(?:from|join|into|update|table|references)\s+(?:only\s+)?(?:"?public"?\.)?"?([a-z_][a-z0-9_]*)"?/gi;
const QUOTED_QUALIFIER = /"([a-z_][a-z0-9_]*)"\s*\./g;

/** Table names a piece of SQL text reads or writes (lower case, as written). */
export function tablesNamed(sqlText: string): Set<string> {
  const names = new Set<string>();
  for (const match of sqlText.matchAll(TABLE_AFTER_KEYWORD)) names.add((match[1] as string).toLowerCase());
  for (const match of sqlText.matchAll(QUOTED_QUALIFIER)) names.add(match[1] as string);
  return names;
}

/**
 * Platform tables a module may not name in raw SQL, with the unit allowed to: account rows (and the names
 * of people in them) are read through the users service.
 */
const PLATFORM_TABLES_OWNED_BY: Partial<Record<string, string>> = {
  user_account: 'modules/users',
  audit_event: 'platform/audit',
  csv_file: 'platform/imports',
  processing_job: 'platform/jobs',
};

/**
 * `api-sql-foreign-table` findings for every non-test source file of the API's modules and platform: a table
 * of another module, or a platform table of `PLATFORM_TABLES_OWNED_BY` named outside its owner.
 */
export function foreignTablesInSql(owners: Map<string, string>): Violation[] {
  const violations: Violation[] = [];
  for (const file of filesUnder(API, (name) => /\.tsx?$/.test(name))) {
    if (isTestFile(file)) continue;
    const unit = apiUnitOf(file);
    if (!unit) continue;
    const named = new Set<string>();
    for (const text of sqlTexts(file, readFileSync(path.join(root, file), 'utf8'))) {
      for (const table of tablesNamed(text)) named.add(table);
    }
    for (const table of [...named].sort()) {
      const reader = PLATFORM_TABLES_OWNED_BY[table];
      const owner = owners.get(table);
      const foreign = reader
        ? unit.startsWith('modules/') && unit !== reader
        : Boolean(owner?.startsWith('modules/')) && owner !== unit;
      if (foreign) {
        violations.push({ rule: 'api-sql-foreign-table', from: file, to: `${table} (${reader ?? owner})` });
      }
    }
  }
  return violations;
}

/** The module-level import graph of the API's non-test source: unit → unit → the file edges behind it. */
export function moduleGraph(result: ICruiseResult): Map<string, Map<string, string[]>> {
  const graph = new Map<string, Map<string, string[]>>();
  for (const module of result.modules) {
    const from = apiUnitOf(module.source);
    if (!from?.startsWith('modules/') || isTestFile(module.source)) continue;
    for (const dependency of module.dependencies) {
      const to = apiUnitOf(dependency.resolved);
      if (!to?.startsWith('modules/') || to === from) continue;
      const edges = graph.get(from) ?? new Map<string, string[]>();
      graph.set(from, edges);
      edges.set(to, [...(edges.get(to) ?? []), `${module.source} → ${dependency.resolved}`]);
    }
  }
  return graph;
}

/** Strongly connected components with more than one unit (Tarjan), each sorted, in sorted order. */
export function cycles(graph: Map<string, Map<string, string[]>>): string[][] {
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (unit: string) => {
    index.set(unit, counter);
    low.set(unit, counter);
    counter += 1;
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit)?.keys() ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(unit, Math.min(low.get(unit) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) as number, index.get(next) as number));
      }
    }
    if (low.get(unit) === index.get(unit)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== unit);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!index.has(unit)) connect(unit);
  return components.sort((a, b) => (a[0] as string).localeCompare(b[0] as string));
}

/** `api-module-cycle` findings: every file edge between two units of one cycle. */
export function cycleViolations(graph: Map<string, Map<string, string[]>>): Violation[] {
  const violations: Violation[] = [];
  for (const component of cycles(graph)) {
    for (const from of component) {
      for (const [to, edges] of graph.get(from) ?? []) {
        if (!component.includes(to)) continue;
        for (const edge of edges) {
          const [fromFile, toFile] = edge.split(' → ') as [string, string];
          violations.push({
            rule: `api-module-cycle (${component.join(' ↔ ')})`,
            from: fromFile,
            to: toFile,
          });
        }
      }
    }
  }
  return violations;
}

async function main() {
  process.chdir(root);
  const options = await extractDepcruiseOptions('./.dependency-cruiser.cjs');
  const cruised = await cruise(['apps', 'packages'], options, undefined, {
    tsConfig: extractTSConfig('tsconfig.base.json'),
  });
  const result = cruised.output as ICruiseResult;
  const importViolations: Violation[] = result.summary.violations.map((violation) => ({
    rule: violation.rule.name,
    from: violation.from,
    to: violation.to,
  }));
  const graph = moduleGraph(result);
  const found = [...importViolations, ...cycleViolations(graph), ...foreignTablesInSql(tableOwners())];

  const byRule = new Map<string, number>();
  for (const violation of found) {
    const rule = violation.rule.replace(/ \(.*$/, '');
    byRule.set(rule, (byRule.get(rule) ?? 0) + 1);
  }
  const moduleCycles = cycles(graph);
  console.log(
    `boundaries: ${result.summary.totalCruised} files, ${found.length} violations` +
      (found.length ? ` (${[...byRule].map(([rule, n]) => `${rule}: ${n}`).join(', ')})` : '') +
      `; module cycles: ${moduleCycles.length}` +
      (moduleCycles.length ? ` (${moduleCycles.map((c) => c.join(' ↔ ')).join('; ')})` : ''),
  );
  const comments = new Map(
    (result.summary.ruleSetUsed?.forbidden ?? []).map((rule) => [rule.name ?? '', rule.comment ?? '']),
  );
  for (const violation of found) {
    const comment = comments.get(violation.rule);
    console.error(
      `  error ${violation.rule}: ${violation.from} → ${violation.to}${comment ? `\n    ${comment}` : ''}`,
    );
  }
  if (found.length) process.exitCode = 1;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
