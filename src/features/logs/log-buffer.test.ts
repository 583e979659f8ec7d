import { describe, expect, it } from 'vitest';
import { LogBuffer, logText } from './log-buffer';
import { lineAtRow, logLayout, visibleLines } from './log-layout';
import { searchLines } from './log-search';

const at = (s: number, text: string) => ({ ts: `2026-01-01T00:00:${String(s).padStart(2, '0')}.5Z`, text });

describe('LogBuffer', () => {
  it('interleaves streams by time, whatever order their batches come in', () => {
    const b = new LogBuffer();
    b.add('app', [at(1, 'a1'), at(3, 'a3'), at(5, 'a5')]);
    b.add('proxy', [at(2, 'p2'), at(4, 'p4')]);
    b.add('app', [at(6, 'a6')]);
    expect(b.lines.map((l) => `${l.source}:${l.text}`)).toEqual(['app:a1', 'proxy:p2', 'app:a3', 'proxy:p4', 'app:a5', 'app:a6']);
    expect(new Set(b.lines.map((l) => l.id)).size).toBe(6);
  });

  it('drops the oldest lines over the cap, and says how many', () => {
    const b = new LogBuffer(3);
    b.add('x', [at(1, '1'), at(2, '2'), at(3, '3'), at(4, '4')]);
    expect(b.lines.map((l) => l.text)).toEqual(['2', '3', '4']);
    expect(b.dropped).toBe(1);
  });

  it('a download is plain text: escape codes removed, prefixes as shown', () => {
    const b = new LogBuffer();
    b.add('web', [{ ts: '2026-01-01T00:00:01Z', text: '\u001b[31mERR\u001b[0m boom' }]);
    expect(logText(b.lines, { timestamps: true, prefix: true })).toBe('2026-01-01T00:00:01Z [web] ERR boom\n');
    expect(logText(b.lines, { timestamps: false, prefix: false })).toBe('ERR boom\n');
  });
});

describe('100,000 lines', () => {
  it('are added, laid out, searched and windowed quickly enough to stay fluid', () => {
    const b = new LogBuffer();
    const started = performance.now();
    for (let batch = 0; batch < 100; batch++) {
      const lines = [];
      for (let i = 0; i < 1000; i++) {
        const n = batch * 1000 + i;
        lines.push({ ts: new Date(Date.UTC(2026, 0, 1) + n * 10).toISOString(), text: `GET /api/items/${n} 200 ${n % 7 === 0 ? 'slow' : 'ok'}` });
      }
      b.add('web', lines);
    }
    const lengths = Int32Array.from(b.lines, (l) => l.plain.length);
    const layout = logLayout(lengths, 40);
    const found = searchLines(b.lines, 'slow');
    const elapsed = performance.now() - started;
    expect(b.lines).toHaveLength(100_000);
    expect(found.lines).toHaveLength(Math.ceil(100_000 / 7));
    // Wrapped at 40 columns, each line of 30-40 characters takes one row, the longest two.
    expect(layout.tops[100_000]).toBeGreaterThanOrEqual(100_000);
    const window = visibleLines(layout.tops, 50_000 * 18, 800, 18);
    expect(window.end - window.start).toBeLessThan(100);
    expect(lineAtRow(layout.tops, layout.tops[77_777] ?? 0)).toBe(77_777);
    // Generous for a loaded 2-core machine; the point is no quadratic step.
    expect(elapsed).toBeLessThan(3000);
  });
});
