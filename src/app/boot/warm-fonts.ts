// The first layout of a fresh tab finds the fonts for each family, weight and glyph it meets (on Linux through
// fontconfig): 25-40 ms on this machine, paid by whichever layout comes first. Laying out the app's text styles,
// hidden, as soon as the document is parsed moves that cost into the wait for the first page, so the pre-render's
// (or React's) first layout has the fonts ready. Nothing is shown; the holder is removed after that layout.
import * as shell from '../layout/shell-look';
import * as list from '../../features/browse/list-look';
import * as look from '../../features/browse/table-look';

/** The text styles a list's first screen uses: brand, list header, header cells, cells, names. */
export const WARM_FONT_CLASSES = [
  shell.BRAND_CLASS,
  shell.BRAND_MARK_CLASS,
  list.LIST_TITLE_CLASS,
  list.GROUP_VERSION_CLASS,
  list.ROW_COUNT_CLASS,
  look.LOGS_HEADER_CLASS,
  look.TABLE_CLASS,
  `${look.TABLE_CLASS} font-medium`,
] as const;

/** Letters, digits and the glyphs the list draws (separators, ellipsis, sort arrows). */
// No word of the app's own: a test looking for a text never meets this one.
const SAMPLE_TEXT = 'AaBbWwg 0/19 · … ↕ ▲ ▼';

/** Appends the hidden holder to the body and removes it once a frame has laid it out. Returns the holder. */
export function warmFonts(doc: Document, afterLayout: (done: () => void) => void): HTMLElement {
  const holder = doc.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.cssText = 'position: absolute; top: 0; left: -10000px; width: 1px; overflow: hidden; visibility: hidden;';
  for (const className of WARM_FONT_CLASSES) {
    const span = doc.createElement('span');
    span.className = className;
    span.textContent = SAMPLE_TEXT;
    holder.append(span);
  }
  doc.body.append(holder);
  afterLayout(() => holder.remove());
  return holder;
}

/** Two animation frames: the first one's rendering laid the holder out. */
export function afterNextFrame(done: () => void): void {
  requestAnimationFrame(() => requestAnimationFrame(() => done()));
}
