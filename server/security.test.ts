import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { CLIENT_HEADER } from '../wire/browser-headers.js';
import { checkFetchSite, checkHost, checkOrigin, checkSessionRequest, hostPort, makeHostPolicy, spaContentSecurityPolicy } from './security.js';

const req = (headers: Record<string, string>, method = 'GET') => ({ headers, method }) as unknown as IncomingMessage;

describe('host policy', () => {
  const policy = makeHostPolicy('127.0.0.1', 7070);

  it('accepts the listening address and the loopback names', () => {
    for (const host of ['127.0.0.1:7070', 'localhost:7070', 'LOCALHOST:7070', '[::1]:7070']) {
      expect(checkHost(req({ host }), policy)).toBeNull();
    }
  });

  it('refuses other hosts (DNS rebinding), other ports and a missing Host with 403 Forbidden', () => {
    for (const host of ['evil.example:7070', 'evil.example', '127.0.0.1:8080', 'localhost', '']) {
      const status = checkHost(req(host === '' ? {} : { host }), policy);
      expect(status).toMatchObject({ kind: 'Status', code: 403, reason: 'Forbidden' });
      expect(status?.message).toContain('DNS rebinding');
    }
  });

  it('brackets IPv6 literals', () => {
    expect(hostPort('::1', 80)).toBe('[::1]:80');
    expect(makeHostPolicy('::1', 9000).canonicalOrigin).toBe('http://[::1]:9000');
  });
});

describe('origin policy', () => {
  const policy = makeHostPolicy('127.0.0.1', 7070);
  const host = '127.0.0.1:7070';

  it('lets safe methods through whatever their Origin', () => {
    expect(checkOrigin(req({ host, origin: 'https://evil.example' }, 'GET'), policy, false)).toBeNull();
    expect(checkOrigin(req({ host, origin: 'https://evil.example' }, 'HEAD'), policy, false)).toBeNull();
  });

  it('refuses unsafe methods and upgrades from another origin', () => {
    for (const [method, upgrade] of [['POST', false], ['DELETE', false], ['PATCH', false], ['GET', true]] as const) {
      const status = checkOrigin(req({ host, origin: 'https://evil.example' }, method), policy, upgrade);
      expect(status).toMatchObject({ code: 403, reason: 'Forbidden' });
      expect(status?.message).toContain('"https://evil.example" is not this server\'s origin (http://127.0.0.1:7070)');
    }
    expect(checkOrigin(req({ host, origin: 'null' }, 'POST'), policy, false)).not.toBeNull();
    expect(checkOrigin(req({ host, origin: 'http://localhost:7070' }, 'POST'), policy, false)).not.toBeNull();
    expect(checkOrigin(req({ host, origin: 'https://127.0.0.1:7070' }, 'PUT'), policy, false)).not.toBeNull();
  });

  it('accepts the own origin and requests without Origin (kubectl, curl)', () => {
    expect(checkOrigin(req({ host, origin: 'http://127.0.0.1:7070' }, 'POST'), policy, false)).toBeNull();
    expect(checkOrigin(req({ host: 'localhost:7070', origin: 'http://localhost:7070' }, 'GET'), policy, true)).toBeNull();
    expect(checkOrigin(req({ host }, 'DELETE'), policy, false)).toBeNull();
    expect(checkOrigin(req({ host }, 'GET'), policy, true)).toBeNull();
  });
});

describe('fetch-site policy (cross-site GETs through the proxy)', () => {
  it('refuses API paths requested by another site or another port of this host, upgrades included', () => {
    for (const site of ['cross-site', 'same-site', 'Cross-Site']) {
      for (const path of ['/k8s/demo/api/v1/namespaces/x/services/web/proxy/', '/-/contexts', '/-/ws']) {
        const status = checkFetchSite(req({ host: '127.0.0.1:7070', 'sec-fetch-site': site }, 'GET'), path);
        expect(status).toMatchObject({ code: 403, reason: 'Forbidden' });
        expect(status?.message).toContain(`Sec-Fetch-Site: ${site}`);
      }
    }
  });

  it('lets the SPA, typed URLs, non-browser clients and links to pages through', () => {
    expect(checkFetchSite(req({ 'sec-fetch-site': 'same-origin' }, 'GET'), '/k8s/demo/api/v1/pods')).toBeNull();
    expect(checkFetchSite(req({ 'sec-fetch-site': 'none' }, 'GET'), '/k8s/demo/api/v1/pods')).toBeNull();
    expect(checkFetchSite(req({}, 'GET'), '/k8s/demo/api/v1/pods')).toBeNull();
    expect(checkFetchSite(req({ 'sec-fetch-site': 'cross-site' }, 'GET'), '/c/demo/api/v1/namespaces/default/pods')).toBeNull();
    expect(checkFetchSite(req({ 'sec-fetch-site': 'cross-site' }, 'GET'), '/')).toBeNull();
  });
});

describe('--public-url behind a TLS proxy', () => {
  const policy = makeHostPolicy('127.0.0.1', 7070, new URL('https://kubeglass.example.com'));

  it("accepts its host, expects its https origin whatever Host the proxy forwards, and prints it", () => {
    expect(policy.canonicalOrigin).toBe('https://kubeglass.example.com');
    expect(checkHost(req({ host: 'kubeglass.example.com' }), policy)).toBeNull();
    for (const host of ['kubeglass.example.com', '127.0.0.1:7070']) {
      expect(checkOrigin(req({ host, origin: 'https://kubeglass.example.com' }, 'POST'), policy, false)).toBeNull();
      expect(checkOrigin(req({ host, origin: 'https://kubeglass.example.com' }, 'GET'), policy, true)).toBeNull();
    }
    expect(checkOrigin(req({ host: 'kubeglass.example.com', origin: 'http://kubeglass.example.com' }, 'POST'), policy, false)).not.toBeNull();
    expect(checkOrigin(req({ host: 'kubeglass.example.com', origin: 'https://evil.example' }, 'POST'), policy, false)?.message).toContain('(https://kubeglass.example.com)');
  });

  it('lets the SPA open wss:// sockets to the host it was served from', () => {
    expect(spaContentSecurityPolicy('kubeglass.example.com')).toContain("connect-src 'self' ws://kubeglass.example.com wss://kubeglass.example.com");
  });
});

describe('requests carrying the session cookie', () => {
  it('must carry the client header on API paths, GETs included (an <img> cannot send it)', () => {
    for (const path of ['/k8s/demo/api/v1/namespaces/x/services/web/proxy/', '/-/contexts']) {
      expect(checkSessionRequest(req({}, 'GET'), path, false)).toMatchObject({ code: 403, reason: 'Forbidden' });
      expect(checkSessionRequest(req({ [CLIENT_HEADER]: '0' }, 'GET'), path, false)).not.toBeNull();
      expect(checkSessionRequest(req({ [CLIENT_HEADER]: '1' }, 'GET'), path, false)).toBeNull();
    }
    expect(checkSessionRequest(req({}, 'GET'), '/', false)).toBeNull();
    expect(checkSessionRequest(req({}, 'GET'), '/assets/index.js', false)).toBeNull();
  });

  it('must carry an Origin on upgrades (checkOrigin has matched it)', () => {
    expect(checkSessionRequest(req({}, 'GET'), '/-/ws', true)?.message).toContain('no Origin');
    expect(checkSessionRequest(req({ origin: 'http://127.0.0.1:7070' }, 'GET'), '/-/ws', true)).toBeNull();
  });
});
