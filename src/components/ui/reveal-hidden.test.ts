import { describe, expect, it } from 'vitest';
import { revealHidden } from './reveal-hidden';

describe('revealHidden', () => {
  it('shows bidi overrides, isolates and zero-width characters as code points', () => {
    expect(revealHidden('photo\u202Egpj.exe')).toBe('photo[U+202E]gpj.exe');
    expect(revealHidden('a\u200Bb\u2066c\u2069\uFEFF')).toBe('a[U+200B]b[U+2066]c[U+2069][U+FEFF]');
  });

  it('leaves ordinary text, emoji sequences and joiners that scripts need alone', () => {
    for (const text of ['web-7d4b9c', 'app.kubernetes.io/name=web', '👨\u200D👩\u200D👧', 'می\u200Cخواهم', 'שלום']) {
      expect(revealHidden(text)).toBe(text);
    }
  });
});
