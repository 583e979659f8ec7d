import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { checkFetchSite, checkHost, checkOrigin, hostPort, makeHostPolicy } from './security.js';

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
