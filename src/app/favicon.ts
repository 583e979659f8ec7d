// The tab's icon, linked once the app has rendered rather than in index.html: Chromium downloads and decodes a
// linked SVG icon as the page loads, an SVG document of its own on the main thread (2-6 ms in traces), right when
// the first rows are being drawn.

export const FAVICON_HREF = '/favicon.svg';

/** Links the icon unless the document already has one. */
export function linkFavicon(doc: Document): void {
  if (doc.head.querySelector('link[rel="icon"]')) return;
  const link = doc.createElement('link');
  link.rel = 'icon';
  link.type = 'image/svg+xml';
  link.href = FAVICON_HREF;
  doc.head.append(link);
}
