// Characters that change how text reads without being seen: bidi controls (a U+202E makes "gpj.exe" read
// "exe.jpg"), zero-width spaces, word joiners and the BOM. Object data shows them as a visible code, as the YAML
// editor does. ZWJ and ZWNJ stay: emoji sequences and several scripts need them.
const HIDDEN = /[\u200B\u200E\u200F\u202A-\u202E\u2060-\u2064\u2066-\u2069\uFEFF]/g;

/** `text` with each hidden character replaced by its code point in brackets, e.g. [U+202E]. */
export function revealHidden(text: string): string {
  return text.replace(HIDDEN, (c) => `[U+${(c.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, '0')}]`);
}
