import { describe, expect, it } from 'vitest';
import { exportWindows } from './billing-export.service.ts';

describe('exportWindows', () => {
  it('groups consecutive dates up to the limit and never splits a date', () => {
    const counts = [
      { date: '2026-01-01', segments: 4 },
      { date: '2026-01-02', segments: 5 },
      { date: '2026-01-04', segments: 2 },
      { date: '2026-01-05', segments: 25 },
      { date: '2026-01-06', segments: 1 },
    ];
    expect(exportWindows(counts, 10)).toEqual([
      { fromDate: '2026-01-01', toDate: '2026-01-02' },
      { fromDate: '2026-01-04', toDate: '2026-01-04' },
      { fromDate: '2026-01-05', toDate: '2026-01-05' },
      { fromDate: '2026-01-06', toDate: '2026-01-06' },
    ]);
  });
  it('covers every date exactly once, in order', () => {
    const counts = Array.from({ length: 90 }, (_, i) => ({
      date: new Date(Date.UTC(2026, 0, 1 + i)).toISOString().slice(0, 10),
      segments: 1 + ((i * 7) % 13),
    }));
    const windows = exportWindows(counts, 20);
    const covered = counts.filter((c) => windows.some((w) => w.fromDate <= c.date && c.date <= w.toDate));
    expect(covered).toHaveLength(counts.length);
    expect(
      windows.every((w, i) => i === 0 || (windows[i - 1] as { toDate: string }).toDate < w.fromDate),
    ).toBe(true);
  });
  it('is empty without dates', () => {
    expect(exportWindows([], 10)).toEqual([]);
  });
});
