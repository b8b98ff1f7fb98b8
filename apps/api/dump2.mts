import { createRequire } from 'node:module';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import fontkit from '@pdf-lib/fontkit';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { renderProtocolsPdf } from './src/modules/isp/export/protocols-pdf.ts';
import { printableParagraphs } from './src/modules/isp/export/printable-text.ts';
import { blns } from './test/fixtures.ts';
const require = createRequire(import.meta.url);
const standardFontDataUrl = `${path.join(path.dirname(require.resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const ttf = path.join(path.dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');
const r = new Set(fontkit.create(readFileSync(path.join(ttf, 'DejaVuSans.ttf'))).characterSet);
const b = new Set(fontkit.create(readFileSync(path.join(ttf, 'DejaVuSans-Bold.ttf'))).characterSet);
const glyphs = new Set([...r].filter((c) => b.has(c)));
const off = { description: false, prevention: false, response: false, emergency: false };
const protocols = blns.map((s, i) => ({ riskType: `R${i}`, serious: false, mar: false, pbsp: false, description: s, prevention: null, response: null, emergency: null, include: { ...off, description: true }, includeEmail: off, thresholds: [], escalationSteps: [], medicationReferences: [], author: null, authorLicensed: false, effectiveDate: null, reviewDueDate: null, version: 1, sortOrder: i }));
const t0 = Date.now();
const bytes = await renderProtocolsPdf({ agencyName: 'W', client: { name: 'Ana' }, plan: { start: null, end: null }, generatedAt: '2026-11-27T23:30:00Z', timeZone: 'UTC', locale: 'en', protocols } as never);
console.log('render ms', Date.now() - t0, bytes.length);
const pdf = await getDocument({ data: bytes, standardFontDataUrl, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
let all = '';
for (let n = 1; n <= pdf.numPages; n++) {
  const c = await (await pdf.getPage(n)).getTextContent();
  for (const it of c.items as any[]) { if (/^Page \d+ of/.test(it.str)) continue; all += it.str + (it.hasEOL ? '\n' : ''); }
  all += '\n';
}
for (const k of [155,179]) { const s = all.indexOf(`R${k}\n`); console.log(JSON.stringify(all.slice(s, s + 120))); }
let bad = 0;
blns.forEach((s, i) => {
  const start = all.indexOf(`R${i}\nDescription\n`);
  const end = all.indexOf('Version 1', start);
  const got = all.slice(start + `R${i}\nDescription\n`.length, end).replace(/\s/g, '');
  const want = printableParagraphs(s, glyphs).join('').replace(/\s/g, '');
  if (got !== want) { bad++; console.log(i, JSON.stringify(want), JSON.stringify(got)); }
});
console.log('bad', bad, 'of', blns.length);
