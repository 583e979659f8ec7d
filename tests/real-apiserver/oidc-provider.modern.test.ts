// The test OpenID provider and the 1.37 apiserver that trusts it (start.sh --oidc): what team mode's sign-in will stand
// on. A person signed in at the provider is oidc:EMAIL in groups oidc:GROUP to the cluster, a refreshed ID token is
// as good, a token the apiserver was not configured for is a 401, and the static tokens still work beside it. The
// audit log names who wrote.
import { readFileSync } from 'node:fs';
import https from 'node:https';
import { describe, expect, it } from 'vitest';
import { jwtClaims, oidcAuthorize, oidcIdToken, oidcRefresh, pkcePair, type OidcClient } from '../support/oidc-login.js';

const env = (name: string): string => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run this tier with \`npm run test:real\` (start.sh --oidc)`);
  return value;
};
const client: OidcClient = {
  issuer: env('REAL_OIDC_ISSUER'),
  caFile: env('REAL_OIDC_CA_FILE'),
  clientId: env('REAL_OIDC_CLIENT_ID'),
  clientSecret: readFileSync(env('REAL_OIDC_CLIENT_SECRET_FILE'), 'utf8').trim(),
};
const redirectUri = `${env('REAL_OIDC_PUBLIC_URL')}/-/oidc/callback`;
const apiCa = readFileSync(env('REAL_CA_FILE'), 'utf8');

interface Review {
  status: number;
  user?: { username: string; groups: string[] };
}

function apiRequest(method: string, path: string, token: string, body?: unknown): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = https.request(new URL(path, env('REAL_API_URL')), {
      method,
      ca: apiCa,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', accept: 'application/json' },
    }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
    });
    req.on('error', reject);
    req.end(body === undefined ? undefined : JSON.stringify(body));
  });
}

async function whoAmI(token: string): Promise<Review> {
  const answer = await apiRequest('POST', '/apis/authentication.k8s.io/v1/selfsubjectreviews', token, {
    apiVersion: 'authentication.k8s.io/v1',
    kind: 'SelfSubjectReview',
  });
  if (answer.status !== 201) return { status: answer.status };
  const review = JSON.parse(answer.body) as { status: { userInfo: { username: string; groups?: string[] } } };
  return { status: answer.status, user: { username: review.status.userInfo.username, groups: review.status.userInfo.groups ?? [] } };
}

describe('the OpenID provider of the 1.37 control plane', () => {
  it("signs alice in without a browser; the apiserver takes her ID token as oidc:alice@example.test, and a refreshed one too", async () => {
    const tokens = await oidcIdToken({ ...client, redirectUri, login: 'alice' });
    const claims = jwtClaims(tokens.idToken);
    expect(claims).toMatchObject({ iss: client.issuer, aud: 'kubeglass', email: 'alice@example.test', groups: ['team-a-editors'] });
    expect(Number(claims.exp) - Number(claims.iat)).toBe(Number(process.env.OIDC_ID_TOKEN_TTL ?? 120));
    expect(await whoAmI(tokens.idToken)).toEqual({
      status: 201,
      user: { username: 'oidc:alice@example.test', groups: expect.arrayContaining(['oidc:team-a-editors', 'system:authenticated']) as string[] },
    });

    // iat has a resolution of seconds: wait into the next one, so the refreshed token cannot equal the first.
    await new Promise((r) => setTimeout(r, Number(claims.iat) * 1000 + 1100 - Date.now()));
    const refreshed = await oidcRefresh(client, tokens.refreshToken);
    expect(refreshed.idToken).not.toBe(tokens.idToken);
    expect(Number(jwtClaims(refreshed.idToken).iat)).toBeGreaterThan(Number(claims.iat));
    expect((await whoAmI(refreshed.idToken)).user?.username).toBe('oidc:alice@example.test');
  });

  it('gives bob his own groups, and refuses a login that is not an account', async () => {
    const bob = await oidcIdToken({ ...client, redirectUri, login: 'bob' });
    const review = await whoAmI(bob.idToken);
    expect(review.user?.username).toBe('oidc:bob@example.test');
    expect(review.user?.groups).toContain('oidc:viewers');
    expect(review.user?.groups).not.toContain('oidc:team-a-editors');
    await expect(oidcIdToken({ ...client, redirectUri, login: 'mallory' })).rejects.toThrow(/403/);
  });

  it('requires PKCE: an authorization request without a code challenge comes back as an error', async () => {
    const auth = new URL('/auth', client.issuer);
    auth.search = new URLSearchParams({ client_id: 'kubeglass', response_type: 'code', redirect_uri: redirectUri, scope: 'openid', state: 's' }).toString();
    const callback = await oidcAuthorize(auth.toString(), client.caFile, 'alice');
    expect(callback.searchParams.get('error')).toBe('invalid_request');
    expect(callback.searchParams.get('code')).toBeNull();
    expect(pkcePair().challenge).toMatch(/^[\w-]{43}$/);
  });

  it("answers 401 to an ID token for another audience, to a tampered one and to garbage; the static tokens still work", async () => {
    const other = await oidcIdToken({ ...client, clientId: 'not-kubeglass', redirectUri, login: 'alice' });
    expect(jwtClaims(other.idToken).aud).toBe('not-kubeglass');
    expect((await whoAmI(other.idToken)).status).toBe(401);

    const alice = await oidcIdToken({ ...client, redirectUri, login: 'alice' });
    const [header = '', payload = '', signature = ''] = alice.idToken.split('.');
    const forged = Buffer.from(JSON.stringify({ ...jwtClaims(alice.idToken), groups: ['system:masters'] })).toString('base64url');
    expect(payload).not.toBe(forged);
    expect((await whoAmI(`${header}.${forged}.${signature}`)).status).toBe(401);
    expect((await whoAmI('not.a.jwt')).status).toBe(401);
    // The provider's access token is opaque, not a JWT the apiserver could check.
    expect((await whoAmI(alice.accessToken)).status).toBe(401);

    expect((await whoAmI(env('REAL_ADMIN_TOKEN'))).user?.username).toBe('admin');
    expect((await whoAmI(env('REAL_VIEWER_TOKEN'))).user?.username).toBe('viewer');
  });

  it("records a write in the audit log under the name of whoever made it", async () => {
    const name = `kg-audit-${Date.now().toString(36)}`;
    const namespace = env('REAL_DEVELOPER_NAMESPACE');
    const created = await apiRequest('POST', `/api/v1/namespaces/${namespace}/configmaps`, env('REAL_ADMIN_TOKEN'), {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name },
      data: { a: '1' },
    });
    expect(created.status, created.body).toBe(201);
    await apiRequest('DELETE', `/api/v1/namespaces/${namespace}/configmaps/${name}`, env('REAL_ADMIN_TOKEN'));

    interface AuditEvent { verb: string; stage: string; user: { username: string }; objectRef?: { name?: string; namespace?: string } }
    const events = (): AuditEvent[] => readFileSync(env('REAL_AUDIT_LOG'), 'utf8').trim().split('\n').map((l) => JSON.parse(l) as AuditEvent)
      .filter((e) => e.objectRef?.name === name && e.objectRef.namespace === namespace);
    // The log backend writes as each request completes; allow it a moment all the same.
    for (let i = 0; i < 20 && events().length < 2; i++) await new Promise((r) => setTimeout(r, 100));
    expect(events().map((e) => [e.verb, e.user.username, e.stage])).toEqual([
      ['create', 'admin', 'ResponseComplete'],
      ['delete', 'admin', 'ResponseComplete'],
    ]);
    // Reads are not logged: the policy keeps writes only.
    expect(readFileSync(env('REAL_AUDIT_LOG'), 'utf8')).not.toMatch(/"verb":"(get|list|watch)"/);
  });
});
