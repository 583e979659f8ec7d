// The object page fetches and evaluates the editor's chunk (Monaco, ~4 MB of JS) while the browser is idle, so
// Edit opens a ready editor instead of compiling Monaco after the click. Once per tab: the module stays loaded.
import { useEffect } from 'react';

let requested = false;

export function PreloadEditor(): null {
  useEffect(() => {
    if (requested) return;
    const load = () => {
      requested = true;
      void import('../features/monaco/monaco-editors').catch(() => {
        requested = false; // a failed fetch is retried by the next object page, and Edit still loads it
      });
    };
    // Without idle callbacks (Safari, jsdom) Edit loads the editor itself, as before.
    if (typeof window.requestIdleCallback !== 'function') return;
    const id = window.requestIdleCallback(load, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }, []);
  return null;
}
