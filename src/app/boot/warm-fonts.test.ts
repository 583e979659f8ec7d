// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { WARM_FONT_CLASSES, warmFonts } from './warm-fonts';

describe('warmFonts', () => {
  it('lays out every list text style hidden, then removes the holder', () => {
    let remove: (() => void) | undefined;
    const holder = warmFonts(document, (done) => (remove = done));
    expect(holder.parentElement).toBe(document.body);
    expect(holder.getAttribute('aria-hidden')).toBe('true');
    expect(holder.style.visibility).toBe('hidden');
    expect([...holder.children].map((span) => span.className)).toEqual([...WARM_FONT_CLASSES]);
    expect(holder.textContent).toContain('…');
    remove?.();
    expect(holder.isConnected).toBe(false);
  });
});
