// A sealed value in cookies: one cookie while it fits, else numbered parts (an OIDC session with a large ID token
// and refresh token outgrows the ~4 KB browsers keep per cookie). Reading joins the parts; writing clears parts a
// longer value left behind.
import type { IncomingMessage } from 'node:http';
import { cookieValues } from './gate.js';
import type { SessionSeal } from './session-seal.js';

/** Characters of one part: with the name and attributes, under the 4,096 bytes a browser keeps of a cookie. */
const PART_CHARS = 3800;
/** Parts cleared on every write and sign-out: more than any session needs. */
const MAX_PARTS = 5;

export interface SealedCookie {
  readonly name: string;
  /** The Set-Cookie lines that hold `value` for `maxAgeSeconds`. */
  write(value: unknown, maxAgeSeconds: number): string[];
  /** The value the request's cookies hold, or null (absent, cut, forged, sealed by other keys). */
  read(req: IncomingMessage): unknown;
  /** True when the request carries the cookie at all. */
  present(req: IncomingMessage): boolean;
  /** The Set-Cookie lines that clear it. */
  clear(): string[];
}

const partName = (name: string, i: number): string => (i === 0 ? name : `${name}-${i}`);

export function createSealedCookie(name: string, attributes: string, seal: SessionSeal): SealedCookie {
  const clearFrom = (first: number): string[] => {
    const lines: string[] = [];
    for (let i = first; i < MAX_PARTS; i++) lines.push(`${partName(name, i)}=; ${attributes}; Max-Age=0`);
    return lines;
  };
  return {
    name,
    write(value, maxAgeSeconds) {
      const sealed = seal.seal(name, value);
      const parts: string[] = [];
      for (let at = 0; at < sealed.length; at += PART_CHARS) parts.push(sealed.slice(at, at + PART_CHARS));
      if (parts.length > MAX_PARTS) throw new Error(`a sealed ${name} of ${sealed.length} characters does not fit in ${MAX_PARTS} cookies`);
      return [...parts.map((part, i) => `${partName(name, i)}=${part}; ${attributes}; Max-Age=${maxAgeSeconds}`), ...clearFrom(parts.length)];
    },
    read(req) {
      let sealed = '';
      for (let i = 0; i < MAX_PARTS; i++) {
        const [part] = cookieValues(req.headers.cookie, partName(name, i));
        if (part === undefined || part === '') break;
        sealed += part;
      }
      return sealed === '' ? null : seal.open(name, sealed);
    },
    present: (req) => cookieValues(req.headers.cookie, name).length > 0,
    clear: () => clearFrom(0),
  };
}
