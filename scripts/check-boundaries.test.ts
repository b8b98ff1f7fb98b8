/** The parts of the boundary check that are Tend's own code: SQL table names, owners and module cycles. */
import { describe, expect, it } from 'vitest';
import { apiUnitOf, cycles, sqlTexts, tableOwners, tablesNamed } from './check-boundaries.ts';

describe('raw SQL table names', () => {
  it('reads tables after from, join, into, update, table and references, and quoted qualifiers', () => {
    const text = `with x as (select 1 from "shift" s join public.client c on true)
      insert into billing_item select * from only caregiver, y; update budget set a = 1;
      alter table payroll_export add foreign key (a) references user_account (id);
      select "shift_segment"."id"`;
    expect([...tablesNamed(text)].sort()).toEqual(
      [
        'billing_item',
        'budget',
        'caregiver',
        'client',
        'payroll_export',
        'shift',
        'shift_segment',
        'user_account',
      ].sort(),
    );
    expect([...tablesNamed('coalesce(a, b) as name, shift_id, "shift_id" = 1')]).toEqual([]);
  });

  it('takes the literal text of sql templates, sql.raw, execute/query strings and statement-like strings only', () => {
    const source = `
      const a = sql\`select * from shift where id = \${id} and x in (select id from client)\`;
      const b = sql.raw('"baseline_location"."client_id"');
      await tx.execute('delete from budget');
      const c = 'insert into payroll_export values (1)';
      const message = 'Moved from client to caregiver';`;
    const texts = sqlTexts('x.ts', source);
    const named = new Set(texts.flatMap((text) => [...tablesNamed(text)]));
    expect([...named].sort()).toEqual(['baseline_location', 'budget', 'client', 'payroll_export', 'shift']);
  });

  it('knows every table owner from the pgTable definitions', () => {
    const owners = tableOwners();
    expect(owners.get('shift')).toBe('modules/shifts');
    expect(owners.get('caregiver')).toBe('modules/people');
    expect(owners.get('csv_file')).toBe('platform/imports');
    expect(owners.get('processing_job')).toBe('platform/jobs');
    expect(owners.get('user_account')).toBe('platform/auth');
    expect(apiUnitOf('apps/api/src/modules/shifts/csv/local-time.ts')).toBe('modules/shifts');
    expect(apiUnitOf('apps/api/src/app.ts')).toBeNull();
  });
});

describe('module cycles', () => {
  const graph = (edges: [string, string][]) => {
    const built = new Map<string, Map<string, string[]>>();
    for (const [from, to] of edges) {
      const targets = built.get(from) ?? new Map<string, string[]>();
      built.set(from, targets);
      targets.set(to, [`${from}/a.ts → ${to}/b.ts`]);
    }
    return built;
  };

  it('finds a cycle across modules even when no file cycle exists, and nothing in a chain', () => {
    expect(
      cycles(
        graph([
          ['shifts', 'billing'],
          ['billing', 'budgets'],
          ['budgets', 'shifts'],
          ['billing', 'people'],
        ]),
      ),
    ).toEqual([['billing', 'budgets', 'shifts']]);
    expect(
      cycles(
        graph([
          ['billing', 'shifts'],
          ['shifts', 'people'],
          ['billing', 'people'],
        ]),
      ),
    ).toEqual([]);
  });
});
