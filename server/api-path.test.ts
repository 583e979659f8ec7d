import { describe, expect, it } from 'vitest';
import { apiPathProblem } from './api-path.js';
import { parseClientMessage } from './ws-multiplexer.js';

describe('apiPathProblem', () => {
  it('accepts API paths, encoded characters included', () => {
    expect(apiPathProblem('/api/v1/namespaces/default/pods')).toBeNull();
    expect(apiPathProblem('/api/v1/namespaces/default/configmaps/a%3Ab')).toBeNull();
    expect(apiPathProblem('/apis/apps/v1/deployments/...x')).toBeNull();
  });

  it('refuses dot segments however they are spelled, and undecodable segments', () => {
    for (const path of ['/api/../secret', '/api/./v1', '/api/%2e%2e/x', '/api/%2E%2e/x', '/api/.%2e/x', '/api/%2e/v1']) {
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
