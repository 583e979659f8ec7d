// Hostile strings planted in object data, and the check that a screen showed them as text: no payload ran (each sets
// its own window flag or opens a dialog), no element or javascript: link came of one, and each is visible as text.
import { expect, type Page } from '@playwright/test';
import { recordPayload } from './figures.js';

export interface Payload {
  id: string;
  text: string;
  /** The window property the payload sets if it ever runs. */
  flag: string;
  /** Parts of the text without spaces or quotes, so they read the same in a chip, YAML, JSON, a Status message or a cell. */
  markers: string[];
}

const LONG = 30_000;

export const PAYLOADS: Payload[] = [
  { id: 'img onerror', text: '<img src=x onerror="window.__xss_img=1;alert(1)">', flag: '__xss_img', markers: ['<img', 'window.__xss_img=1;alert(1)'] },
  { id: 'script', text: '<script>window.__xss_script=1;alert(2)</script>', flag: '__xss_script', markers: ['<script>window.__xss_script=1;alert(2)</script>'] },
  { id: 'svg onload', text: '<svg onload="window.__xss_svg=1;alert(3)">', flag: '__xss_svg', markers: ['<svg', 'window.__xss_svg=1;alert(3)'] },
  {
    id: 'attribute breakout to iframe',
    text: '"><iframe src="javascript:top.__xss_iframe=1" onload="top.__xss_iframe=1"></iframe>',
    flag: '__xss_iframe',
    markers: ['<iframe', 'javascript:top.__xss_iframe=1'],
  },
  { id: 'javascript: URL that looks like a link', text: 'javascript:top.__xss_url=1;alert(4)//https://runbooks.example/db', flag: '__xss_url', markers: ['javascript:top.__xss_url=1;alert(4)//https://runbooks.example/db'] },
  {
    id: 'template injection',
    text: "{{constructor.constructor('top.__xss_template=1;alert(5)')()}} ${top.__xss_template=1}",
    flag: '__xss_template',
    markers: ['{{constructor.constructor('],
  },
  {
    id: 'bidi and zero-width',
    text: 'invoice\u202Egpj.exe\u200B\u2066<b onmouseover="top.__xss_bidi=1">bold</b>\u2069',
    flag: '__xss_bidi',
    markers: ['<b', 'top.__xss_bidi=1', '</b>'],
  },
  { id: 'very long', text: `<img src=x onerror="top.__xss_long=1">${'A'.repeat(LONG)}`, flag: '__xss_long', markers: ['top.__xss_long=1', 'A'.repeat(20)] },
];

/** Records every dialog a page opens (alert/confirm/prompt): a payload that ran would open one. */
export function watchDialogs(page: Page): string[] {
  const opened: string[] = [];
  page.on('dialog', (dialog) => {
    opened.push(dialog.message());
    void dialog.dismiss();
  });
  return opened;
}

interface DomState {
  flags: string[];
  injected: string[];
  javascriptUrls: string[];
  text: string;
}

/** What the page holds now: set flags, elements a payload would have made, javascript: URLs, and its visible text. */
async function domState(page: Page): Promise<DomState> {
  // index.html has no inline script: any there is counts.
  return page.evaluate(() => {
    // The tests' tsconfig has no DOM lib: the little of it used here, typed.
    interface DomElement {
      outerHTML: string;
      tagName: string;
      textContent: string | null;
      getAttribute(name: string): string | null;
    }
    const w = globalThis as unknown as Record<string, unknown> & {
      document: { querySelectorAll(selectors: string): Iterable<DomElement>; body: { innerText: string } };
    };
    const document = w.document;
    const injected = [
      ...document.querySelectorAll('img[src="x"], iframe, frame, object, embed, base, svg[onload], [onerror], [onload], [onmouseover], body script:not([src]), head script:not([src])'),
    ].map((e) => e.outerHTML.slice(0, 160));
    const urls = [...document.querySelectorAll('[href], [src], [action], [formaction], [xlink\\:href]')].flatMap((e) =>
      ['href', 'src', 'action', 'formaction', 'xlink:href'].map((a) => e.getAttribute(a) ?? ''),
    );
    return {
      flags: Object.keys(w).filter((k) => k.startsWith('__xss')),
      injected,
      // Browsers drop control characters and spaces around and tabs/newlines inside the scheme.
      javascriptUrls: urls.filter((u) => /^javascript:/i.test([...u].filter((c) => c.charCodeAt(0) > 0x20).join(''))),
      text: document.body.innerText.replace(/\u00a0/g, ' '),
    };
  });
}

/**
 * Checks one screen for `shown` payloads (each must be visible as text there), records one figure per payload, then
 * asserts: nothing ran, nothing was made, no javascript: link, every payload's text on screen.
 */
export async function expectInert(page: Page, screen: string, dialogs: string[], shown: Payload[] = PAYLOADS): Promise<void> {
  const state = await domState(page);
  const clean = state.injected.length === 0 && state.javascriptUrls.length === 0 && dialogs.length === 0;
  const missing: string[] = [];
  for (const payload of shown) {
    const visible = payload.markers.every((m) => state.text.includes(m));
    if (!visible) missing.push(payload.id);
    recordPayload({ screen, payload: payload.id, blocked: clean && visible && !state.flags.includes(payload.flag) });
  }
  expect(state.flags, `${screen}: payloads that ran`).toEqual([]);
  expect(dialogs, `${screen}: dialogs opened`).toEqual([]);
  expect(state.injected, `${screen}: elements made from object data`).toEqual([]);
  expect(state.javascriptUrls, `${screen}: javascript: URLs`).toEqual([]);
  expect(missing, `${screen}: payloads not shown as text`).toEqual([]);
}
