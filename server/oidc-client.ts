// The relying party of --auth oidc: the issuer's discovery document and keys (fetched over https with --oidc-ca-file,
// kept in memory: public data, the same for everyone), the authorization code flow with PKCE, the token endpoint's
// code and refresh grants, and the ID token checked (signature by the issuer's JWKS, issuer, audience, expiry,
// nonce) before a session starts. The ID token is the bearer sent to the cluster, which checks it again.
import { constants, createHash, createPublicKey, randomBytes, verify, type JsonWebKey, type KeyObject } from 'node:crypto';
import https from 'node:https';
import http from 'node:http';

export class OidcError extends Error {}

export interface OidcSettings {
  issuer: string;
  clientId: string;
  clientSecret?: string;
  /** PEM bundle the issuer's certificate must chain to (default: Node's roots). */
  ca?: Buffer;
  scopes: string[];
  /** The public URL's /-/oidc/callback. */
  redirectUri: string;
  /** Where the issuer sends the browser after ending its session: the public URL. */
  postLogoutRedirectUri: string;
}

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  jwks_uri: string;
  end_session_endpoint?: string;
}

export interface TokenSet {
  idToken: string;
  refreshToken?: string;
}

export interface IdTokenClaims {
  sub: string;
  exp: number;
  email?: string;
  name?: string;
  [claim: string]: unknown;
}

/** What the browser carries from the start of a sign-in to its callback (sealed), and the issuer gets of it. */
export interface SignInStart {
  state: string;
  nonce: string;
  verifier: string;
}

const TIMEOUT_MS = 15_000;
const MAX_BYTES = 1024 * 1024;

const b64url = (bytes: Buffer): string => bytes.toString('base64url');

export function newSignInStart(): SignInStart {
  return { state: b64url(randomBytes(24)), nonce: b64url(randomBytes(24)), verifier: b64url(randomBytes(48)) };
}

export function codeChallenge(verifier: string): string {
  return b64url(createHash('sha256').update(verifier).digest());
}

/** JWS algorithms the ID token may be signed with, and how node:crypto verifies them. */
const ALGORITHMS: Record<string, { hash: string | null; options?: { padding?: number; saltLength?: number; dsaEncoding?: 'ieee-p1363' } }> = {
  RS256: { hash: 'sha256' },
  RS384: { hash: 'sha384' },
  RS512: { hash: 'sha512' },
  PS256: { hash: 'sha256', options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 } },
  PS384: { hash: 'sha384', options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 48 } },
  PS512: { hash: 'sha512', options: { padding: constants.RSA_PKCS1_PSS_PADDING, saltLength: 64 } },
  ES256: { hash: 'sha256', options: { dsaEncoding: 'ieee-p1363' } },
  ES384: { hash: 'sha384', options: { dsaEncoding: 'ieee-p1363' } },
  ES512: { hash: 'sha512', options: { dsaEncoding: 'ieee-p1363' } },
  EdDSA: { hash: null },
};

export interface OidcClient {
  readonly issuer: string;
  authorizationUrl(start: SignInStart): Promise<string>;
  exchangeCode(code: string, start: SignInStart): Promise<TokenSet & { claims: IdTokenClaims }>;
  refresh(refreshToken: string): Promise<TokenSet & { claims: IdTokenClaims }>;
  /** The issuer's end-session URL for this ID token, or null where it offers none. */
  endSessionUrl(idToken: string): Promise<string | null>;
}

export function createOidcClient(settings: OidcSettings, now: () => number = Date.now): OidcClient {
  const issuer = settings.issuer.replace(/\/+$/, '');
  let discovery: Promise<Discovery> | null = null;
  let keys: Map<string, { key: KeyObject; alg?: string }> | null = null;

  const request = (url: string, init: { method?: string; body?: string; headers?: Record<string, string> } = {}): Promise<{ status: number; body: unknown }> =>
    new Promise((resolve, reject) => {
      const target = new URL(url);
      const transport = target.protocol === 'https:' ? https : http;
      const req = transport.request(
        target,
        { method: init.method ?? 'GET', headers: { accept: 'application/json', ...init.headers }, ...(settings.ca && target.protocol === 'https:' ? { ca: settings.ca } : {}) },
        (res) => {
          const chunks: Buffer[] = [];
          let size = 0;
          res.on('data', (chunk: Buffer) => {
            size += chunk.length;
            if (size > MAX_BYTES) req.destroy(new OidcError(`${url} answered more than ${MAX_BYTES} bytes`));
            else chunks.push(chunk);
          });
          res.on('error', reject);
          res.on('end', () => {
            let body: unknown = null;
            try {
              body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
            } catch {
              // Not JSON: the status says what went wrong.
            }
            resolve({ status: res.statusCode ?? 502, body });
          });
        },
      );
      req.setTimeout(TIMEOUT_MS, () => req.destroy(new OidcError(`${url} did not answer within ${TIMEOUT_MS / 1000} s`)));
      req.on('error', (error) => reject(error instanceof OidcError ? error : new OidcError(`cannot reach ${url}: ${error.message}`)));
      req.end(init.body);
    });

  const metadata = (): Promise<Discovery> => {
    discovery ??= (async () => {
      const url = `${issuer}/.well-known/openid-configuration`;
      const answer = await request(url);
      const doc = answer.body as Partial<Discovery> | null;
      if (answer.status !== 200 || !doc?.authorization_endpoint || !doc.token_endpoint || !doc.jwks_uri) {
        throw new OidcError(`${url} answered ${answer.status} without the endpoints of an OpenID provider`);
      }
      if (doc.issuer?.replace(/\/+$/, '') !== issuer) throw new OidcError(`the discovery document of ${issuer} names another issuer: ${String(doc.issuer)}`);
      return doc as Discovery;
    })();
    // A failure is asked again next time.
    discovery.catch(() => {
      discovery = null;
    });
    return discovery;
  };

  const loadKeys = async (): Promise<Map<string, { key: KeyObject; alg?: string }>> => {
    const answer = await request((await metadata()).jwks_uri);
    const set = answer.body as { keys?: Array<JsonWebKey & { kid?: string; alg?: string; use?: string }> } | null;
    if (answer.status !== 200 || !Array.isArray(set?.keys)) throw new OidcError(`the issuer's JWKS answered ${answer.status}`);
    const loaded = new Map<string, { key: KeyObject; alg?: string }>();
    for (const jwk of set.keys) {
      if (jwk.use !== undefined && jwk.use !== 'sig') continue;
      try {
        loaded.set(jwk.kid ?? '', { key: createPublicKey({ key: jwk, format: 'jwk' }), ...(jwk.alg !== undefined ? { alg: jwk.alg } : {}) });
      } catch {
        // A key type node cannot load is one the issuer does not sign with for us.
      }
    }
    keys = loaded;
    return loaded;
  };

  const verifyIdToken = async (idToken: string, nonce: string | null): Promise<IdTokenClaims> => {
    const parts = idToken.split('.');
    if (parts.length !== 3) throw new OidcError('the ID token is not a JWT');
    const [head = '', body = '', signature = ''] = parts;
    let header: { alg?: string; kid?: string };
    let claims: Partial<IdTokenClaims> & { iss?: unknown; aud?: unknown; nonce?: unknown; azp?: unknown };
    try {
      header = JSON.parse(Buffer.from(head, 'base64url').toString('utf8')) as typeof header;
      claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as typeof claims;
    } catch {
      throw new OidcError('the ID token is not a JWT');
    }
    const algorithm = ALGORITHMS[header.alg ?? ''];
    if (!algorithm) throw new OidcError(`the ID token is signed with ${String(header.alg)}, which kubeglass does not accept`);
    let known = keys ?? (await loadKeys());
    // An unknown kid: the issuer rotated its keys.
    if (!known.has(header.kid ?? '')) known = await loadKeys();
    const candidates = header.kid !== undefined ? [known.get(header.kid)] : [...known.values()];
    const signed = Buffer.from(`${head}.${body}`);
    const sig = Buffer.from(signature, 'base64url');
    const good = candidates.some((entry) => entry !== undefined && (entry.alg === undefined || entry.alg === header.alg) && verify(algorithm.hash, signed, { key: entry.key, ...algorithm.options }, sig));
    if (!good) throw new OidcError('the ID token\'s signature is not the issuer\'s');
    if (typeof claims.iss !== 'string' || claims.iss.replace(/\/+$/, '') !== issuer) throw new OidcError(`the ID token is from ${String(claims.iss)}, not ${issuer}`);
    const audiences = Array.isArray(claims.aud) ? claims.aud : [claims.aud];
    if (!audiences.includes(settings.clientId)) throw new OidcError(`the ID token is not for client ${settings.clientId}`);
    if (typeof claims.exp !== 'number' || claims.exp * 1000 <= now()) throw new OidcError('the ID token has expired');
    if (typeof claims.sub !== 'string') throw new OidcError('the ID token names no subject');
    if (nonce !== null && claims.nonce !== nonce) throw new OidcError('the ID token is not the answer to this sign-in (nonce)');
    return claims as IdTokenClaims;
  };

  const tokenRequest = async (form: Record<string, string>, nonce: string | null): Promise<TokenSet & { claims: IdTokenClaims }> => {
    const body = new URLSearchParams({ ...form, ...(settings.clientSecret === undefined ? { client_id: settings.clientId } : {}) }).toString();
    const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(Buffer.byteLength(body)) };
    if (settings.clientSecret !== undefined) {
      const encode = (text: string): string => encodeURIComponent(text).replace(/%20/g, '+');
      headers.authorization = `Basic ${Buffer.from(`${encode(settings.clientId)}:${encode(settings.clientSecret)}`).toString('base64')}`;
    }
    const answer = await request((await metadata()).token_endpoint, { method: 'POST', body, headers });
    const tokens = answer.body as { id_token?: unknown; refresh_token?: unknown; error?: unknown; error_description?: unknown } | null;
    if (answer.status !== 200 || typeof tokens?.id_token !== 'string') {
      const why = typeof tokens?.error === 'string' ? `${tokens.error}${typeof tokens.error_description === 'string' ? `: ${tokens.error_description}` : ''}` : `status ${answer.status}`;
      throw new OidcError(`the issuer's token endpoint refused (${why})`);
    }
    const claims = await verifyIdToken(tokens.id_token, nonce);
    return { idToken: tokens.id_token, claims, ...(typeof tokens.refresh_token === 'string' ? { refreshToken: tokens.refresh_token } : {}) };
  };

  return {
    issuer,
    async authorizationUrl(start) {
      const url = new URL((await metadata()).authorization_endpoint);
      const params = {
        response_type: 'code',
        client_id: settings.clientId,
        redirect_uri: settings.redirectUri,
        scope: settings.scopes.join(' '),
        state: start.state,
        nonce: start.nonce,
        code_challenge: codeChallenge(start.verifier),
        code_challenge_method: 'S256',
      };
      for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
      return url.toString();
    },
    exchangeCode: (code, start) => tokenRequest({ grant_type: 'authorization_code', code, redirect_uri: settings.redirectUri, code_verifier: start.verifier }, start.nonce),
    refresh: (refreshToken) => tokenRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }, null),
    async endSessionUrl(idToken) {
      const endpoint = (await metadata()).end_session_endpoint;
      if (endpoint === undefined) return null;
      const url = new URL(endpoint);
      url.searchParams.set('id_token_hint', idToken);
      url.searchParams.set('post_logout_redirect_uri', settings.postLogoutRedirectUri);
      url.searchParams.set('client_id', settings.clientId);
      return url.toString();
    },
  };
}
