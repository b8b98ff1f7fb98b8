import { describe, expect, it } from 'vitest';

import { layoutHtml, layoutPages } from './layout.js';
import type { PageText, TextItem } from './types.js';

const item = (text: string, x: number, y: number, options: Partial<TextItem> = {}): TextItem => ({
  text,
  x,
  y,
  width: text.length * 5,
  height: 10,
  fontName: options.bold ? 'Helvetica-Bold' : 'Helvetica',
  bold: false,
  ...options,
});

const page = (number: number, items: TextItem[]): PageText => ({
  page: number,
  width: 612,
  height: 792,
  items,
  hasText: items.length > 0,
});

const running = (number: number) => [
  item('Individual Support Plan for J. Doe', 72, 30),
  item(`Page ${number} of 3`, 500, 760),
];

describe('layoutPages', () => {
  it('removes running headers and footers, keeps headings, continues a label | text table across pages', () => {
    const pages = [
      page(1, [
        ...running(1),
        item('Risk Protocols', 72, 80, { height: 16, bold: true }),
        item('Risk', 72, 110, { bold: true }),
        item('Choking', 200, 110),
        item('Supports/', 72, 124, { bold: true }),
        item('Cut food into bite-size pieces and', 200, 124),
        item('Prevention', 72, 136, { bold: true }),
        item('sit upright while eating.', 200, 136),
        item('Response', 72, 700, { bold: true }),
        item('1. Stop the meal.', 200, 700),
      ]),
      page(2, [
        ...running(2),
        item('2. Encourage coughing.', 200, 80),
        item('Emergency', 72, 94, { bold: true }),
        item('Call 911 & start back blows <now>.', 200, 94),
      ]),
      page(3, [
        ...running(3),
        item('After the table, a paragraph that', 72, 80),
        item('runs over two lines.', 72, 92),
      ]),
    ];
    const { blocks, runningLinesRemoved } = layoutPages(pages);
    expect(runningLinesRemoved).toBe(6);
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'table', 'paragraph']);
    const table = blocks[1]!;
    if (table.kind !== 'table') throw new Error('not a table');
    const rows = table.rows.map((row) => row.cells.map((cell) => cell.map((line) => line.text).join(' | ')));
    expect(rows).toEqual([
      ['Risk', 'Choking'],
      ['Supports/ | Prevention', 'Cut food into bite-size pieces and | sit upright while eating.'],
      ['Response', '1. Stop the meal. | 2. Encourage coughing.'],
      ['Emergency', 'Call 911 & start back blows <now>.'],
    ]);
    // The response cell goes on at the top of page 2: its boxes say so.
    expect(table.rows[2]!.cells[1]!.map((line) => line.box.page)).toEqual([1, 2]);
    const html = layoutHtml(blocks);
    expect(html).toContain('<h2>Risk Protocols</h2>');
    expect(html).toContain('<td><p>1. Stop the meal.</p><p>2. Encourage coughing.</p></td>');
    expect(html).toContain('Call 911 &amp; start back blows &lt;now&gt;.');
    expect(html).toContain('<p>After the table, a paragraph that runs over two lines.</p>');
    expect(html).not.toMatch(/Page \d of 3|Individual Support Plan for/);
  });

  it('escapes every piece of text and uses only the allowed tags', () => {
    const pages = [
      page(1, [
        item('<script>alert("x")</script>', 72, 80, { height: 18 }),
        item('• first "quoted" & <b>bold</b>', 72, 120),
        item('• second', 72, 134),
        item('Body text that is long enough to set the body size of this page here.', 72, 160),
      ]),
    ];
    const html = layoutHtml(layoutPages(pages).blocks);
    expect(html).not.toMatch(/<(?!\/?(h2|h3|h4|p|ul|ol|li|table|tr|th|td)>)/);
    expect(html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
    expect(html).toContain(
      '<ul><li>first &quot;quoted&quot; &amp; &lt;b&gt;bold&lt;/b&gt;</li><li>second</li></ul>',
    );
  });
});
