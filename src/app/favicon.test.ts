// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { FAVICON_HREF, linkFavicon } from './favicon';

const icons = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="icon"]')].map((link) => [link.type, new URL(link.href).pathname]);

beforeEach(() => document.head.replaceChildren());

describe('linkFavicon', () => {
  it('links the SVG icon once', () => {
    linkFavicon(document);
    linkFavicon(document);
    expect(icons()).toEqual([['image/svg+xml', FAVICON_HREF]]);
  });

  it('keeps an icon the document already links', () => {
    const own = document.createElement('link');
    own.rel = 'icon';
    own.href = '/other.svg';
    document.head.append(own);
    linkFavicon(document);
    expect(icons()).toEqual([['', '/other.svg']]);
  });
});
