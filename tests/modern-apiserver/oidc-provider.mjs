// A real OpenID provider (npm oidc-provider) for team-mode tests against the modern control plane: kube-apiserver
// trusts its ID tokens (start.sh --oidc), Kubeglass signs people in through it.
//
// Usage: node tests/modern-apiserver/oidc-provider.mjs DIR PORT REDIRECT_BASE
//   DIR gets ca.crt (the CA that signed the provider's certificate), issuer (https://127.0.0.1:PORT),
//   client-secret (mode 600), pid and oidc.log. REDIRECT_BASE is where Kubeglass is reached, e.g.
//   http://127.0.0.1:8080: the client may redirect to REDIRECT_BASE/-/oidc/callback after sign-in and to
//   REDIRECT_BASE/ after sign-out. Serves until killed.
//   OIDC_ID_TOKEN_TTL: ID token lifetime in seconds (default 120, short so that expiry and refresh get exercised).
//
// Client: kubeglass, confidential (client_secret_basic), authorization_code + refresh_token, PKCE S256 required.
// Client not-kubeglass: the same, under an audience the apiserver refuses.
// Scopes: openid email profile groups (claims email, email_verified, name, groups; all put in the ID token, which
// is what kube-apiserver reads). A refresh token comes with every code exchange, no offline_access needed.
// Accounts: alice (alice@example.test, groups team-a-editors) and bob (bob@example.test, groups viewers); any
// other login gets a 403 page. The password is not checked.
//
// The pages a browser (or tests/support/oidc-login.ts) goes through, all on https://127.0.0.1:PORT (form actions are
// absolute URLs there; each page also has a link "[ Cancel ]" to /interaction/UID/abort, which ends in error=access_denied):
//   GET  /auth?client_id=kubeglass&response_type=code&redirect_uri=&scope=&state=&code_challenge=&code_challenge_method=S256
//        -> 303 to /interaction/UID (cookies _interaction, _interaction_resume and their .sig)
//   GET  /interaction/UID, the login prompt: <title>Sign-in</title>, <form action=".../interaction/UID" method="post">
//        with hidden prompt=login, <input type="text" name="login" placeholder="Enter any login">,
//        <input type="password" name="password" placeholder="and password">, <button type="submit">Sign-in</button>.
//        Playwright: getByPlaceholder('Enter any login'), getByPlaceholder('and password'),
//        getByRole('button', { name: 'Sign-in' }).
//   POST /interaction/UID (prompt=login&login=alice&password=x) -> 303 /auth/UID -> 303 /interaction/UID2
//   GET  /interaction/UID2, the consent prompt (first sign-in of a provider session only): <title>Sign-in</title>,
//        heading "Authorize", form with hidden prompt=consent and <button type="submit">Continue</button>.
//   POST /interaction/UID2 (prompt=consent) -> 303 /auth/UID2 -> 303 REDIRECT_BASE/-/oidc/callback?code=&state=&iss=
//   POST /token (Basic auth) -> { id_token, access_token (opaque), refresh_token, expires_in, scope, token_type }
//   GET  /session/end?client_id=kubeglass (or id_token_hint=)&post_logout_redirect_uri=REDIRECT_BASE/ -> a page
//        "Do you want to sign-out from 127.0.0.1:PORT?" with <form id="op.logoutForm" action=".../session/end/confirm">
//        (hidden xsrf) and buttons "Yes, sign me out" (name=logout value=yes) and "No, stay signed in";
//        POST /session/end/confirm -> 303 to the post-logout URI. Without a provider session it answers instead a
//        form that submits itself (a "Continue" button where scripts are off).
// Discovery: /.well-known/openid-configuration; keys: /jwks.
import { execFileSync } from 'node:child_process';
import { createWriteStream, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import https from 'node:https';
import { join } from 'node:path';
import { parse as parseQuery } from 'node:querystring';
import { format } from 'node:util';
import Provider from 'oidc-provider';

const [dir, portArg, redirectBase] = process.argv.slice(2);
if (!dir || !portArg || !redirectBase) {
  console.error('usage: oidc-provider.mjs DIR PORT REDIRECT_BASE');
  process.exit(2);
}
const port = Number(portArg);
const started = Date.now();
mkdirSync(dir, { recursive: true });

// Everything the library warns about (it asks for a production account model, views, TTLs) goes to the log too.
const log = createWriteStream(join(dir, 'oidc.log'), { flags: 'a' });
for (const level of ['log', 'info', 'warn', 'error']) {
  console[level] = (...args) => log.write(`${new Date().toISOString()} ${level} ${format(...args)}\n`);
}

// A CA of this run and a certificate for both names a client may use; kube-apiserver is given ca.crt.
const openssl = (...args) => execFileSync('openssl', args, { stdio: ['ignore', 'ignore', 'pipe'] });
const file = (name) => join(dir, name);
openssl('req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '7', '-subj', '/CN=kubeglass-oidc-test-ca',
  '-keyout', file('ca.key'), '-out', file('ca.crt'),
  '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign,digitalSignature');
openssl('req', '-newkey', 'rsa:2048', '-nodes', '-subj', '/CN=127.0.0.1', '-keyout', file('server.key'), '-out', file('server.csr'));
writeFileSync(file('server.ext'), [
  'basicConstraints=CA:FALSE', 'keyUsage=critical,digitalSignature,keyEncipherment', 'extendedKeyUsage=serverAuth',
  'subjectAltName=IP:127.0.0.1,DNS:localhost', '',
].join('\n'));
openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial',
  '-days', '7', '-extfile', file('server.ext'), '-out', file('server.crt'));

const issuer = `https://127.0.0.1:${port}`;
const clientSecret = randomBytes(24).toString('base64url');
writeFileSync(file('client-secret'), clientSecret, { mode: 0o600 });

// A fresh signing key each run: tokens of an earlier run must not verify.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const signingKey = { ...privateKey.export({ format: 'jwk' }), kid: randomBytes(8).toString('hex'), alg: 'RS256', use: 'sig' };

const accounts = {
  alice: { email: 'alice@example.test', email_verified: true, name: 'Alice', groups: ['team-a-editors'] },
  bob: { email: 'bob@example.test', email_verified: true, name: 'Bob', groups: ['viewers'] },
};
const idTokenTtl = Number(process.env.OIDC_ID_TOKEN_TTL ?? 120);

const client = (clientId) => ({
  client_id: clientId,
  client_secret: clientSecret,
  redirect_uris: [`${redirectBase}/-/oidc/callback`],
  post_logout_redirect_uris: [`${redirectBase}/`],
  grant_types: ['authorization_code', 'refresh_token'],
  response_types: ['code'],
  token_endpoint_auth_method: 'client_secret_basic',
});
const provider = new Provider(issuer, {
  // not-kubeglass: the same client under an audience kube-apiserver does not accept, so a test can show that a
  // genuine ID token of this issuer, meant for another application, is refused.
  clients: [client('kubeglass'), client('not-kubeglass')],
  jwks: { keys: [signingKey] },
  cookies: { keys: ['kubeglass-oidc-test-cookie-key'] },
  claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'], groups: ['groups'] },
  // kube-apiserver reads the groups and email from the ID token, never from userinfo.
  conformIdTokenClaims: false,
  // Confidential clients too: the flow Kubeglass implements is the one public clients must use.
  pkce: { required: () => true },
  // The library's default ties refresh tokens to offline_access, which then needs prompt=consent every sign-in.
  issueRefreshToken: (_ctx, client) => client.grantTypeAllowed('refresh_token'),
  ttl: {
    IdToken: idTokenTtl,
    AccessToken: idTokenTtl,
    AuthorizationCode: 60,
    RefreshToken: 24 * 60 * 60,
    Interaction: 10 * 60,
    Session: 24 * 60 * 60,
    Grant: 24 * 60 * 60,
  },
  features: { devInteractions: { enabled: true }, rpInitiatedLogout: { enabled: true } },
  findAccount: (_ctx, id) => {
    const account = accounts[id];
    return account && { accountId: id, claims: () => ({ sub: id, ...account }) };
  },
});

// The dev login page takes any name; a name that is not an account is refused before the provider sees it, so a
// test of "unknown person" gets a clear 403 instead of a session for a user the cluster has never heard of.
provider.use(async (ctx, next) => {
  if (ctx.method === 'POST' && ctx.path.startsWith('/interaction/') && ctx.is('application/x-www-form-urlencoded')) {
    const chunks = [];
    for await (const chunk of ctx.req) chunks.push(chunk);
    const body = parseQuery(Buffer.concat(chunks).toString());
    if (body.prompt === 'login' && !Object.hasOwn(accounts, String(body.login))) {
      ctx.status = 403;
      ctx.type = 'html';
      ctx.body = '<!DOCTYPE html><title>Sign-in refused</title><p>unknown account</p>';
      return;
    }
    // The body is read now: the provider's parser takes it from here.
    ctx.req.body = body;
  }
  await next();
});
provider.on('server_error', (_ctx, error) => console.error('server_error', error));

const server = https.createServer({ key: readFileSync(file('server.key')), cert: readFileSync(file('server.crt')) }, provider.callback());
server.listen(port, '127.0.0.1', () => {
  writeFileSync(file('issuer'), issuer);
  writeFileSync(file('pid'), String(process.pid));
  console.log(`oidc-provider: ${issuer} ready in ${Date.now() - started} ms (client kubeglass, redirect ${redirectBase}/-/oidc/callback)`);
});
for (const signal of ['SIGTERM', 'SIGINT']) process.on(signal, () => process.exit(0));
