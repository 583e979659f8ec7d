// Colours as the eye gets them: WCAG luminance of any computed CSS colour, and the contrast of text on its surface.
import { expect, type Page } from '@playwright/test';

/** Relative luminance (WCAG) of a computed rgb()/oklch()-resolved color, via a canvas so any CSS color works. */
export async function luminanceOf(page: Page, selector: string, property: 'color' | 'background-color'): Promise<number> {
  return page.locator(selector).first().evaluate((el, prop) => {
    const css = el.ownerDocument.defaultView?.getComputedStyle(el).getPropertyValue(prop) ?? '';
    const canvas = el.ownerDocument.createElement('canvas');
    canvas.width = canvas.height = 1;
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2d context');
    ctx.fillStyle = css;
    ctx.fillRect(0, 0, 1, 1);
    const [r, g, b] = [...ctx.getImageData(0, 0, 1, 1).data].map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  }, property);
}

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

/** Text on its surface is readable: WCAG contrast at least 4.5. */
export async function expectReadable(page: Page, textSelector: string, backgroundSelector: string): Promise<void> {
  const text = await luminanceOf(page, textSelector, 'color');
  const background = await luminanceOf(page, backgroundSelector, 'background-color');
  expect(contrast(text, background), `${textSelector} on ${backgroundSelector}`).toBeGreaterThanOrEqual(4.5);
}
