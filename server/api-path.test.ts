import { describe, expect, it } from 'vitest';
import { apiPathProblem } from './api-path.js';
import { parseClientMessage } from './ws-multiplexer.js';

describe('apiPathProblem', () => {
  it('accepts API paths, encoded characters included', () => {
    expect(apiPathProblem('/api/v1/namespaces/default/pods')).toBeNull();
    expect(apiPathProblem('/api/v1/namespaces/default/configmaps/a%3Ab')).toBeNull();
    expect(apiPathProblem('/apis/apps/v1/deployments/...x')).toBeNull();
    expect(apiPathProblem('/apis/rbac.authorization.k8s.io/v1/clusterroles/system:controller:job-controller')).toBeNull();
    expect(apiPathProblem('/api/v1/namespaces/default/configmaps/a~b@c.d')).toBeNull();
    expect(apiPathProblem('/api/v1/namespaces/default/pods/p/proxy/a;v=1/%41%2541')).toBeNull();
  });

  it('refuses slashes and backslashes inside a segment in any encoding and case', () => {
    for (const path of ['/api/v1/namespaces/a%2fb', '/api/v1/namespaces/a%2Fb', '/api/v1/namespaces/a%5cb', '/api/v1/namespaces/a%5Cb', '/api/a%252fb', '/api/a%25%32%46b', '/api/a%2525252fb']) {
      expect(apiPathProblem(path), path).toContain('encoded slashes');
    }
    expect(apiPathProblem('/api/a\\b')).toContain('backslashes');
  });

  it('refuses control characters, raw or encoded, and fragments', () => {
    for (const path of ['/api/a%00b', '/api/a%0d%0ab', '/api/a%7F', '/api/a%2509']) expect(apiPathProblem(path), path).toContain('control characters');
    for (const path of ['/api/a\u0000b', '/api/a b', '/api/a#b']) expect(apiPathProblem(path), path).toContain('not allowed in API paths');
  });

  it('refuses what no client sends: more than eight encodings deep', () => {
    expect(apiPathProblem(`/api/${'%25'.repeat(1)}${'25'.repeat(9)}41`)).toContain('encoded more than 8 times');
  });

  it('refuses dot segments however they are spelled, and undecodable segments', () => {
    for (const path of ['/api/../secret', '/api/./v1', '/api/%2e%2e/x', '/api/%2E%2e/x', '/api/.%2e/x', '/api/%2e/v1', '/api/..;/x', '/api/.;a=b/x', '/api/%2e%2e%3b/x', '/api/%252e%252e/x']) {
      expect(apiPathProblem(path)).toContain('dot segments are not allowed');
    }
    expect(apiPathProblem('/api/%zz/x')).toContain('invalid URL path');
  });

  it('is the check /-/ws applies to watch paths too', () => {
    const message = (path: string) => JSON.stringify({ op: 'watch', id: 'w1', context: 'demo', path });
    const refused = parseClientMessage(message('/api/v1/namespaces/%2e%2e/pods'));
    expect('error' in refused && refused.error.message).toContain('dot segments are not allowed');
    expect('request' in parseClientMessage(message('/api/v1/namespaces/default/pods'))).toBe(true);
  });
});
