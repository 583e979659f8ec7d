// The access token a kubeglass server reachable from other machines demands (like Jupyter's): printed once at start,
// taken as `Authorization: Bearer` and by the sign-in screen; browsers then hold a session cookie, never the token.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

export class AccessTokenError extends Error {}

/** A token must be at least this hard to guess, by the conservative estimate of tokenStrengthBits. */
export const MIN_TOKEN_BITS = 128;
const MIN_DISTINCT_CHARACTERS = 8;
const TOKEN_ALPHABET = /^[A-Za-z0-9._~-]+$/;

/** A fresh token: 32 random bytes, base64url (URL- and cookie-safe). */
export function generateAccessToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Bits a guesser needs at most, assuming each character was drawn at random from the smallest alphabet its
 * character classes imply: hex digits alone count 16, lowercase 26, lowercase and digits 36, and so on.
 */
export function tokenStrengthBits(token: string): number {
  let alphabet: number;
  if (/^[0-9a-f]+$/.test(token) || /^[0-9A-F]+$/.test(token)) alphabet = 16;
  else {
    alphabet = 0;
    if (/[a-z]/.test(token)) alphabet += 26;
    if (/[A-Z]/.test(token)) alphabet += 26;
    if (/[0-9]/.test(token)) alphabet += 10;
    if (/[^A-Za-z0-9]/.test(token)) alphabet += 4;
  }
  return token.length * Math.log2(alphabet);
}

/** The shortest period the token repeats with (its length when it does not repeat). */
function repeatPeriod(token: string): number {
  for (let period = 1; period <= token.length / 2; period++) {
    if (token.length % period === 0 && token.slice(0, period).repeat(token.length / period) === token) return period;
  }
  return token.length;
}

/** Why `token` is too weak to stand for cluster credentials, or null when it will do. */
export function weakTokenProblem(token: string): string | null {
  if (!TOKEN_ALPHABET.test(token)) return 'the token may only use A-Z a-z 0-9 . _ ~ -';
  if (new Set(token).size < MIN_DISTINCT_CHARACTERS) return `the token is too weak: fewer than ${MIN_DISTINCT_CHARACTERS} distinct characters`;
  if (repeatPeriod(token) < token.length) return 'the token is too weak: it repeats a shorter pattern';
  const bits = Math.floor(tokenStrengthBits(token));
  if (bits < MIN_TOKEN_BITS) {
    return `the token is too weak to guess-proof: about ${bits} bits, at least ${MIN_TOKEN_BITS} needed (e.g. 32 hex digits: \`openssl rand -hex 16\`)`;
  }
  return null;
}

/** The token in a --token-file (surrounding whitespace dropped); refuses weak or unusable ones with a clear message. */
export function readAccessTokenFile(path: string): string {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new AccessTokenError(`cannot read --token-file ${path}: ${(error as Error).message}`);
  }
  const token = text.trim();
  const problem = weakTokenProblem(token);
  if (problem !== null) throw new AccessTokenError(`--token-file ${path}: ${problem}`);
  return token;
}
