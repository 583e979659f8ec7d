// Signs a person in at the test OpenID provider (tests/modern-apiserver/oidc-provider.mjs) without a browser: the
// authorization request with PKCE, its dev login and consent forms posted as a browser would, the code exchanged at
// the token endpoint. node:https rather than fetch, since fetch cannot be given the provider's CA without undici.
import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import https from 'node:https';

export interface OidcClient {
  /** https://127.0.0.1:PORT (REAL_OIDC_ISSUER) */
  issuer: string;
  /** The CA that signed the provider's certificate (REAL_OIDC_CA_FILE). */
  caFile: string;
  clientId: string;
  clientSecret: string;
}

export interface OidcTokens {
  idToken: string;
  accessToken: string;
  refreshToken: string;
  expiresIn: number;
}

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function request(url: URL, ca: string, options: { method?: string; headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(url, { method: options.method ?? 'GET', headers: options.headers, ca }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A browser's cookies for one host: the provider's cookies are path-scoped, but the last one of a name is the live one. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  take(headers: Answer['headers']): void {
    const set = headers['set-cookie'];
    for (const line of Array.isArray(set) ? set : set ? [set] : []) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /^\s*expires=/i.test(a) && Date.parse(a.split('=')[1] ?? '') < Date.now());
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): string {
    return [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ');
  }
}

/**
 * Follows an authorization URL (one Kubeglass built, or oidcIdToken's own) through the provider's sign-in and consent
 * pages as `login`, and answers the URL the provider finally redirects to: the client's redirect URI with code and
 * state, or with error. Throws when the provider refuses the login (an unknown account: 403) or answers otherwise.
 */
export async function oidcAuthorize(authorizationUrl: string, caFile: string, login: string, password = 'any'): Promise<URL> {
  const ca = readFileSync(caFile, 'utf8');
  const origin = new URL(authorizationUrl).origin;
  const jar = new CookieJar();
  let url = new URL(authorizationUrl);
  let form: Record<string, string> | undefined;
  for (let step = 0; step < 12; step++) {
    const answer = await request(url, ca, {
      method: form ? 'POST' : 'GET',
      headers: { cookie: jar.header(), ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body: form ? new URLSearchParams(form).toString() : undefined,
    });
    jar.take(answer.headers);
    form = undefined;
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && typeof location === 'string') {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next;
      continue;
    }
    if (answer.status !== 200) throw new Error(`oidc: ${answer.status} from ${url.pathname}: ${answer.body.slice(0, 300)}`);
    // The dev interaction pages: a login form (prompt=login, fields login and password) or consent (prompt=consent).
    const prompt = /name="prompt" value="(\w+)"/.exec(answer.body)?.[1];
    const action = /<form[^>]*action="([^"]+)"/.exec(answer.body)?.[1];
    if (!prompt || !action) throw new Error(`oidc: no interaction form at ${url.pathname}: ${answer.body.slice(0, 300)}`);
    form = prompt === 'login' ? { prompt, login, password } : { prompt };
    url = new URL(action, url);
  }
  throw new Error('oidc: too many redirects');
}

/** S256 PKCE: a verifier and its challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

async function tokenRequest(client: OidcClient, params: Record<string, string>, previousRefreshToken?: string): Promise<OidcTokens> {
  const basic = Buffer.from(`${encodeURIComponent(client.clientId)}:${encodeURIComponent(client.clientSecret)}`).toString('base64');
  const answer = await request(new URL('/token', client.issuer), readFileSync(client.caFile, 'utf8'), {
    method: 'POST',
    headers: { authorization: `Basic ${basic}`, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(params).toString(),
  });
  if (answer.status !== 200) throw new Error(`oidc: token endpoint answered ${answer.status}: ${answer.body}`);
  const json = JSON.parse(answer.body) as { id_token?: string; access_token: string; refresh_token?: string; expires_in: number };
  // A refresh answer names the refresh token only when it rotated it (the provider does so past 70% of its life).
  const refreshToken = json.refresh_token ?? previousRefreshToken;
  if (!json.id_token || !refreshToken) throw new Error(`oidc: token answer lacks id_token or refresh_token: ${answer.body}`);
  return { idToken: json.id_token, accessToken: json.access_token, refreshToken, expiresIn: json.expires_in };
}

/** A person's tokens by the authorization code flow with PKCE, signed in as `login` (alice or bob). */
export async function oidcIdToken(options: OidcClient & { redirectUri: string; login: string; scope?: string }): Promise<OidcTokens> {
  const { verifier, challenge } = pkcePair();
  const state = randomBytes(8).toString('hex');
  const auth = new URL('/auth', options.issuer);
  auth.search = new URLSearchParams({
    client_id: options.clientId,
    response_type: 'code',
    redirect_uri: options.redirectUri,
    scope: options.scope ?? 'openid email profile groups',
    state,
    code_challenge: challenge,
    code_challenge_method: 'S256',
  }).toString();
  const callback = await oidcAuthorize(auth.toString(), options.caFile, options.login);
  const code = callback.searchParams.get('code');
  if (callback.searchParams.get('state') !== state || !code) throw new Error(`oidc: unexpected callback ${callback.toString()}`);
  return tokenRequest(options, { grant_type: 'authorization_code', code, redirect_uri: options.redirectUri, code_verifier: verifier });
}

/** New tokens from a refresh token; use the answer's refreshToken next time, in case it rotated. */
export function oidcRefresh(client: OidcClient, refreshToken: string): Promise<OidcTokens> {
  return tokenRequest(client, { grant_type: 'refresh_token', refresh_token: refreshToken }, refreshToken);
}

/** The JWT's payload, unverified: for tests that look at claims (exp, aud, groups). */
export function jwtClaims(jwt: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;
}
