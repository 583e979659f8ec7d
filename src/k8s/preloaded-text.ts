// Responses the boot script's preload already read whole (src/app/first-page-preload): fetchJson takes their text as
// it is instead of reading the body again (for a 2,500-row page: a Response made of a 2.5 MB string, its bytes
// copied out and decoded back, ~15 ms of the main thread on the way to the list's next page).
const texts = new WeakMap<Response, string>();

/** Notes that `response`'s body is `text`, already read. */
export function notePreloadedText(response: Response, text: string): void {
  texts.set(response, text);
}

/** The text of a preloaded response, once (undefined: read its body). */
export function takePreloadedText(response: Response): string | undefined {
  const text = texts.get(response);
  texts.delete(response);
  return text;
}
