// Sealed values for team mode's cookies: a session (the person's bearer token) and an OIDC sign-in in progress live in
// the browser, signed and encrypted, so any replica opens what any other sealed and none keeps a session in memory.
// AES-256-GCM under a key derived per purpose (HKDF-SHA256) from each key of --session-keys-file: the first key seals,
// every key opens, so keys rotate by putting a new one first and dropping the old one after the longest session.
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export class SessionKeysError extends Error {}

/** A key must carry this much randomness (bytes once decoded). */
export const MIN_KEY_BYTES = 32;
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_ID_BYTES = 4;

export interface SessionSeal {
  /** `value` as JSON, sealed for `purpose` (the cookie's name: a value sealed for one cookie opens in no other). */
  seal(purpose: string, value: unknown): string;
  /** The value sealed for `purpose`, or null when it was not sealed by one of the keys (forged, cut, another purpose). */
  open(purpose: string, sealed: string): unknown;
}

/** A key line: hex (64+ digits) or base64/base64url, at least MIN_KEY_BYTES once decoded. */
function decodeKey(line: string, where: string): Buffer {
  const bytes = /^[0-9a-fA-F]+$/.test(line) && line.length % 2 === 0 ? Buffer.from(line, 'hex') : /^[A-Za-z0-9+/_-]+=*$/.test(line) ? Buffer.from(line, 'base64') : null;
  if (bytes === null) throw new SessionKeysError(`${where}: a key is hex or base64 (e.g. the output of \`openssl rand -base64 32\`)`);
  if (bytes.length < MIN_KEY_BYTES) throw new SessionKeysError(`${where}: a key must hold at least ${MIN_KEY_BYTES} random bytes, this one holds ${bytes.length}`);
  return bytes;
}

/** The keys of a --session-keys-file: one per line, blank lines and lines starting with # left out. */
export function readSessionKeys(path: string): Buffer[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SessionKeysError(`cannot read --session-keys-file ${path}: ${(error as Error).message}`);
  }
  const lines = text.split('\n').map((line) => line.trim()).filter((line) => line !== '' && !line.startsWith('#'));
  if (lines.length === 0) throw new SessionKeysError(`--session-keys-file ${path} holds no key (one per line, e.g. from \`openssl rand -base64 32\`)`);
  return lines.map((line, i) => decodeKey(line, `--session-keys-file ${path}, line ${i + 1} of its keys`));
}

interface DerivedKey {
  id: Buffer;
  forPurpose(purpose: string): Buffer;
}

function derive(secret: Buffer): DerivedKey {
  const cache = new Map<string, Buffer>();
  return {
    id: createHash('sha256').update('kubeglass session key id').update(secret).digest().subarray(0, KEY_ID_BYTES),
    forPurpose(purpose) {
      let key = cache.get(purpose);
      if (!key) {
        key = Buffer.from(hkdfSync('sha256', secret, 'kubeglass', `kubeglass sealed ${purpose}`, 32));
        cache.set(purpose, key);
      }
      return key;
    },
  };
}

export function createSessionSeal(secrets: readonly Buffer[]): SessionSeal {
  if (secrets.length === 0) throw new SessionKeysError('no session key');
  const keys = secrets.map(derive);
  const sealing = keys[0] as DerivedKey;
  return {
    seal(purpose, value) {
      const iv = randomBytes(IV_BYTES);
      const header = Buffer.concat([Buffer.of(VERSION), sealing.id]);
      const cipher = createCipheriv('aes-256-gcm', sealing.forPurpose(purpose), iv);
      cipher.setAAD(header);
      const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
      return Buffer.concat([header, iv, body, cipher.getAuthTag()]).toString('base64url');
    },
    open(purpose, sealed) {
      const bytes = Buffer.from(sealed, 'base64url');
      if (bytes.length < 1 + KEY_ID_BYTES + IV_BYTES + TAG_BYTES || bytes[0] !== VERSION) return null;
      const header = bytes.subarray(0, 1 + KEY_ID_BYTES);
      const id = header.subarray(1);
      const iv = bytes.subarray(header.length, header.length + IV_BYTES);
      const body = bytes.subarray(header.length + IV_BYTES, bytes.length - TAG_BYTES);
      const tag = bytes.subarray(bytes.length - TAG_BYTES);
      for (const key of keys) {
        if (!key.id.equals(id)) continue;
        try {
          const decipher = createDecipheriv('aes-256-gcm', key.forPurpose(purpose), iv);
          decipher.setAAD(header);
          decipher.setAuthTag(tag);
          return JSON.parse(Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')) as unknown;
        } catch {
          return null;
        }
      }
      return null;
    },
  };
}
