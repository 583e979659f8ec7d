// The lines a log view holds: from one or many streams (containers, pods), merged in time order, capped.
import { parseAnsi, stripAnsi, type AnsiSpan } from '../../k8s/ansi';
import { timeKey, type LogLine } from '../../k8s/logs';

export interface BufferedLine {
  /** Unique for the page's life: the React key and the spans cache key. */
  id: number;
  /** The stream's label ("web", "web-1/nginx"), shown as a `[label]` prefix when several streams merge. */
  source: string;
  ts: string | null;
  /** Sort key of ts ('' when none: kept in arrival order after the last line). */
  key: string;
  text: string;
  /** The text without escape codes: search, copy and download use it. */
  plain: string;
}

/** Lines kept at most; the oldest go first (the view says so). */
export const MAX_LINES = 200_000;

/** Ids are unique across buffers: views cache a line's spans by id, and a new buffer must not reuse an old id. */
let nextLineId = 0;

export class LogBuffer {
  lines: BufferedLine[] = [];
  /** Lines dropped from the top to stay under the cap. */
  dropped = 0;
  constructor(private readonly cap = MAX_LINES) {}

  /**
   * Adds a stream's lines. Each stream is in time order, so a batch is inserted where its first line belongs
   * and almost always lands at the end: linear in the batch, not in the buffer.
   */
  add(source: string, batch: LogLine[]): void {
    for (const l of batch) {
      const key = l.ts === null ? '' : (timeKey(l.ts) ?? '');
      const line: BufferedLine = { id: nextLineId++, source, ts: l.ts, key, text: l.text, plain: stripAnsi(l.text) };
      let at = this.lines.length;
      if (key !== '') while (at > 0 && (this.lines[at - 1]?.key ?? '') > key) at--;
      if (at === this.lines.length) this.lines.push(line);
      else this.lines.splice(at, 0, line);
    }
    if (this.lines.length > this.cap) {
      const extra = this.lines.length - this.cap;
      this.lines.splice(0, extra);
      this.dropped += extra;
    }
  }

  clear(): void {
    this.lines = [];
    this.dropped = 0;
  }
}

/** The spans of a line (escape codes become styles); memoized by line id, since lines never change. */
export function spansOf(line: BufferedLine, cache: Map<number, AnsiSpan[]>): AnsiSpan[] {
  let spans = cache.get(line.id);
  if (!spans) {
    spans = parseAnsi(line.text).spans;
    cache.set(line.id, spans);
  }
  return spans;
}

/** The text a download holds: optional timestamps and source prefixes, escape codes removed. */
export function logText(lines: BufferedLine[], options: { timestamps: boolean; prefix: boolean }): string {
  return lines.map((l) => `${options.timestamps && l.ts ? `${l.ts} ` : ''}${options.prefix ? `[${l.source}] ` : ''}${l.plain}\n`).join('');
}
