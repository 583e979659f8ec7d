// ANSI SGR escape codes in container output, parsed into text spans with style classes: the text is only ever
// rendered as text (never HTML), and any other escape sequence is dropped rather than shown as garbage.

export interface AnsiStyle {
  bold?: boolean;
  dim?: boolean;
  italic?: boolean;
  underline?: boolean;
  /** 0-15 (normal and bright colors); 256-color and RGB codes map to the nearest of these. */
  fg?: number;
  bg?: number;
}

export interface AnsiSpan {
  text: string;
  style: AnsiStyle;
}

// CSI ... final byte, OSC ... BEL/ST, and lone two-byte escapes.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const ESCAPE = /\u001b(?:\[([0-9;:?]*)([@-~])|\][^\u0007\u001b]*(?:\u0007|\u001b\\)|[@-Z\\-_])/g;

/** The nearest of the 16 basic colors to an xterm 256-color index. */
function from256(n: number): number | undefined {
  if (n < 0 || n > 255) return undefined;
  if (n < 16) return n;
  if (n >= 232) return n < 244 ? 8 : 7; // grays
  const i = n - 16;
  const r = Math.floor(i / 36) > 2 ? 1 : 0;
  const g = Math.floor(i / 6) % 6 > 2 ? 1 : 0;
  const b = i % 6 > 2 ? 1 : 0;
  return r + g * 2 + b * 4 + 8;
}

function fromRgb(r: number, g: number, b: number): number {
  const bright = Math.max(r, g, b) > 170;
  return (r > 127 ? 1 : 0) + (g > 127 ? 2 : 0) + (b > 127 ? 4 : 0) + (bright ? 8 : 0);
}

/** Applies one SGR parameter list ("1;31", "38;5;208", "") to a style. */
export function applySgr(style: AnsiStyle, params: string): AnsiStyle {
  const codes = params === '' ? [0] : params.split(/[;:]/).map((p) => (p === '' ? 0 : Number(p)));
  let next: AnsiStyle = { ...style };
  for (let i = 0; i < codes.length; i++) {
    const c = codes[i] ?? 0;
    if (c === 0) next = {};
    else if (c === 1) next.bold = true;
    else if (c === 2) next.dim = true;
    else if (c === 3) next.italic = true;
    else if (c === 4) next.underline = true;
    else if (c === 22) next.bold = next.dim = undefined;
    else if (c === 23) next.italic = undefined;
    else if (c === 24) next.underline = undefined;
    else if (c >= 30 && c <= 37) next.fg = c - 30;
    else if (c >= 90 && c <= 97) next.fg = c - 90 + 8;
    else if (c === 39) next.fg = undefined;
    else if (c >= 40 && c <= 47) next.bg = c - 40;
    else if (c >= 100 && c <= 107) next.bg = c - 100 + 8;
    else if (c === 49) next.bg = undefined;
    else if (c === 38 || c === 48) {
      const mode = codes[i + 1];
      let color: number | undefined;
      if (mode === 5) {
        color = from256(codes[i + 2] ?? -1);
        i += 2;
      } else if (mode === 2) {
        color = fromRgb(codes[i + 2] ?? 0, codes[i + 3] ?? 0, codes[i + 4] ?? 0);
        i += 4;
      } else {
        i += 1;
      }
      if (c === 38) next.fg = color;
      else next.bg = color;
    }
  }
  for (const key of Object.keys(next) as (keyof AnsiStyle)[]) if (next[key] === undefined) delete next[key];
  return next;
}

/** Splits a line into styled spans; `start` is the style carried from earlier lines, the result ends with the style after it. */
export function parseAnsi(line: string, start: AnsiStyle = {}): { spans: AnsiSpan[]; end: AnsiStyle } {
  const spans: AnsiSpan[] = [];
  let style = start;
  let last = 0;
  const push = (text: string) => {
    if (text === '') return;
    const prev = spans[spans.length - 1];
    if (prev && prev.style === style) prev.text += text;
    else spans.push({ text, style });
  };
  for (const m of line.matchAll(ESCAPE)) {
    push(line.slice(last, m.index));
    last = m.index + m[0].length;
    if (m[2] === 'm') style = applySgr(style, m[1] ?? '');
  }
  push(line.slice(last));
  return { spans, end: style };
}

/** The line without any escape sequence: what search, copy and download see. */
export function stripAnsi(line: string): string {
  return line.includes('\u001b') ? line.replace(ESCAPE, '') : line;
}

/** Tailwind-free class names for a style (styled in the log view's CSS), e.g. "ansi-bold ansi-fg-1". */
export function ansiClasses(style: AnsiStyle): string {
  const c: string[] = [];
  if (style.bold) c.push('ansi-bold');
  if (style.dim) c.push('ansi-dim');
  if (style.italic) c.push('ansi-italic');
  if (style.underline) c.push('ansi-underline');
  if (style.fg !== undefined) c.push(`ansi-fg-${style.fg}`);
  if (style.bg !== undefined) c.push(`ansi-bg-${style.bg}`);
  return c.join(' ');
}
