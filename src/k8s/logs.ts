// pods/{name}/log: the PodLogOptions a log view asks for, lines cut from a chunked text stream, and the resume
// point of a follow that reconnects. The kubelet prefixes each line with its RFC3339Nano time when asked
// (timestamps=true); a resume asks sinceTime (whole seconds on the wire) and drops what it had already shown.

export interface PodLogQuery {
  /** Empty: the only container (the server refuses with 400 when there are several). */
  container: string;
  previous: boolean;
  /** Shown timestamps; the view always asks the server for them, to merge and resume. */
  timestamps: boolean;
  sinceSeconds?: number;
  tailLines?: number;
  follow: boolean;
}

const positiveInt = (v: string | null): number | undefined => {
  if (v === null || !/^\d+$/.test(v)) return undefined;
  return Number(v);
};

/** What a log view shows where its URL says nothing: whether it follows, and how many of the last lines. */
export interface LogDefaults {
  follow: boolean;
  /** Undefined: every line. */
  tailLines: number | undefined;
}

/** As Headlamp, Lens and k9s open a log: its newest lines, followed, not the whole history. */
export const LOG_DEFAULTS: LogDefaults = { follow: true, tailLines: 1000 };

/** `tailLines=-1` in the view's URL: every line, as `kubectl logs --tail=-1` (the API is asked without tailLines). */
const ALL_LINES = '-1';

/**
 * The log view's URL query (container, previous, timestamps, sinceSeconds, tailLines, follow) as options; follow
 * and tailLines fall back to `defaults` where the URL does not say (or says something unreadable).
 */
export function podLogQueryFromSearch(search: string, defaults: LogDefaults = LOG_DEFAULTS): PodLogQuery {
  const p = new URLSearchParams(search);
  const follow = p.get('follow');
  const q: PodLogQuery = { container: p.get('container') ?? '', previous: p.get('previous') === 'true', timestamps: p.get('timestamps') === 'true', follow: follow === null ? defaults.follow : follow === 'true' };
  const since = positiveInt(p.get('sinceSeconds'));
  if (since !== undefined && since > 0) q.sinceSeconds = since;
  const tail = p.get('tailLines') === ALL_LINES ? undefined : (positiveInt(p.get('tailLines')) ?? defaults.tailLines);
  if (tail !== undefined) q.tailLines = tail;
  return q;
}

/**
 * The URL query for options, in a stable order: what differs from the API's defaults, and always follow and
 * tailLines, so a link shows what its author saw whatever the reader's own defaults.
 */
export function podLogSearch(q: PodLogQuery, extra: Record<string, string> = {}): string {
  const p = new URLSearchParams(extra);
  if (q.container !== '') p.set('container', q.container);
  if (q.previous) p.set('previous', 'true');
  if (q.timestamps) p.set('timestamps', 'true');
  if (q.sinceSeconds !== undefined) p.set('sinceSeconds', String(q.sinceSeconds));
  p.set('tailLines', q.tailLines === undefined ? ALL_LINES : String(q.tailLines));
  p.set('follow', String(q.follow));
  return `?${p.toString()}`;
}

export interface LogLine {
  /** The kubelet's RFC3339Nano time, or null when the line came without one. */
  ts: string | null;
  /** The line as written, escape codes included. */
  text: string;
}

const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})) ?/;

/** Splits the kubelet's timestamp prefix off a line. */
export function splitTimestamp(raw: string): LogLine {
  const m = TIMESTAMP.exec(raw);
  if (!m?.[1]) return { ts: null, text: raw };
  return { ts: m[1], text: raw.slice(m[0].length) };
}

/**
 * A sortable key for an RFC3339Nano time: UTC seconds (zero-padded) and nine fraction digits, so string order is
 * time order whatever the fraction's length ("05.1Z" is after "05.09Z"). Null for an unparsable time.
 */
export function timeKey(ts: string): string | null {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?(Z|[+-]\d{2}:\d{2})$/.exec(ts);
  if (!m?.[1]) return null;
  const seconds = Date.parse(`${m[1]}${m[3] ?? 'Z'}`) / 1000;
  if (Number.isNaN(seconds)) return null;
  return `${String(seconds).padStart(12, '0')}.${(m[2] ?? '').padEnd(9, '0')}`;
}

/** The whole second at or before a time, as RFC3339 (sinceTime carries no fraction). */
export function wholeSecond(ts: string): string | null {
  const key = timeKey(ts);
  if (key === null) return null;
  return new Date(Number(key.slice(0, 12)) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Cuts a stream of text chunks into lines; a line is complete at its newline. */
export class LineAssembler {
  private rest = '';

  /** The complete lines in this chunk (with what was left from earlier chunks). */
  push(chunk: string): string[] {
    const text = this.rest + chunk;
    const parts = text.split('\n');
    this.rest = parts.pop() ?? '';
    return parts.map((l) => (l.endsWith('\r') ? l.slice(0, -1) : l));
  }

  /** What is left when the stream ends: a last line without a newline (limitBytes cuts mid-line). */
  flush(): string[] {
    const rest = this.rest;
    this.rest = '';
    return rest === '' ? [] : [rest];
  }
}

/**
 * Where a followed log is: the newest timestamp shown and how many lines carried exactly it. A reconnect asks
 * from that whole second and `admit` drops the lines already shown, so nothing is lost or shown twice (lines
 * sharing one timestamp are told apart by their order, as the kubelet replays them in the same order).
 */
export class ResumeCursor {
  private key: string | null = null;
  private ts: string | null = null;
  private seenAtKey = 0;
  /** While replaying after a reconnect: lines at the cursor's time still to drop. */
  private toSkip = 0;
  private replaying = false;

  /** sinceTime for the next request, or null when nothing with a timestamp was seen yet. */
  sinceTime(): string | null {
    return this.ts === null ? null : wholeSecond(this.ts);
  }

  /** Starts a replay: lines before the cursor and the first `seen` at it are dropped. */
  resume(): void {
    this.replaying = this.key !== null;
    this.toSkip = this.seenAtKey;
  }

  /** True when the line is new (and moves the cursor); false when a replay has shown it already. */
  admit(line: LogLine): boolean {
    const key = line.ts === null ? null : timeKey(line.ts);
    if (key === null) return !this.replaying;
    if (this.replaying && this.key !== null) {
      if (key < this.key) return false;
      if (key === this.key && this.toSkip > 0) {
        this.toSkip--;
        return false;
      }
      this.replaying = false;
    }
    if (key === this.key) this.seenAtKey++;
    else {
      this.key = key;
      this.ts = line.ts;
      this.seenAtKey = 1;
    }
    return true;
  }
}

export interface TextRange {
  start: number;
  end: number;
}

/** Where `query` occurs in `text` (case-insensitive, not overlapping); none for an empty query. */
export function findMatches(text: string, query: string): TextRange[] {
  if (query === '') return [];
  const hay = text.toLowerCase();
  const needle = query.toLowerCase();
  const ranges: TextRange[] = [];
  let from = 0;
  for (;;) {
    const at = hay.indexOf(needle, from);
    if (at < 0) break;
    ranges.push({ start: at, end: at + needle.length });
    from = at + needle.length;
  }
  return ranges;
}

/** Cuts text spans at match ranges (offsets in the spans' joined text), marking the pieces inside a match. */
export function markMatches<S extends { text: string }>(spans: S[], ranges: TextRange[]): (S & { match: boolean })[] {
  if (ranges.length === 0) return spans.map((s) => ({ ...s, match: false }));
  const out: (S & { match: boolean })[] = [];
  let offset = 0;
  let r = 0;
  for (const span of spans) {
    let pos = 0;
    while (pos < span.text.length) {
      const abs = offset + pos;
      while (r < ranges.length && (ranges[r]?.end ?? 0) <= abs) r++;
      const range = ranges[r];
      let end: number;
      let match: boolean;
      if (range && range.start <= abs) {
        end = Math.min(span.text.length, range.end - offset);
        match = true;
      } else {
        end = range ? Math.min(span.text.length, range.start - offset) : span.text.length;
        match = false;
      }
      out.push({ ...span, text: span.text.slice(pos, end), match });
      pos = end;
    }
    offset += span.text.length;
  }
  return out;
}

/** A file name for a downloaded log: pod, container and the time, safe on every file system. */
export function logFileName(pod: string, container: string, now: Date): string {
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  return `${[pod, container].filter((s) => s !== '').join('_')}_${stamp}.log`.replace(/[^A-Za-z0-9._-]/g, '_');
}
