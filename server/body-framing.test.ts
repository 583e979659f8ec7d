import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { requestBodyFraming, upgradeBodyProblem } from './body-framing.js';

/** A request as Node's parser hands it over: only what the framing decision reads. */
function incoming(method: string, headers: Record<string, string[]>): IncomingMessage {
  const joined = Object.fromEntries(Object.entries(headers).map(([name, values]) => [name, values.join(', ')]));
  return { method, headersDistinct: headers, headers: joined } as unknown as IncomingMessage;
}

const refusal = (framing: ReturnType<typeof requestBodyFraming>): string => (typeof framing === 'string' ? `framed as ${framing}` : framing.message);

describe('requestBodyFraming', () => {
  it('frames a body by its Content-Length, or chunked whatever the method', () => {
    expect(requestBodyFraming(incoming('DELETE', { 'content-length': ['42'] }))).toBe('length');
    expect(requestBodyFraming(incoming('DELETE', { 'transfer-encoding': ['chunked'] }))).toBe('chunked');
    expect(requestBodyFraming(incoming('OPTIONS', { 'transfer-encoding': [' ChUnKeD '] }))).toBe('chunked');
    expect(requestBodyFraming(incoming('PATCH', { 'transfer-encoding': ['chunked'] }))).toBe('chunked');
    expect(requestBodyFraming(incoming('POST', { 'content-length': ['0'] }))).toBe('none');
    expect(requestBodyFraming(incoming('GET', { 'content-length': ['0'] }))).toBe('none');
    expect(requestBodyFraming(incoming('GET', {}))).toBe('none');
  });

  it('refuses a body on GET, HEAD and TRACE with a Status saying why', () => {
    for (const method of ['GET', 'HEAD', 'TRACE']) {
      for (const headers of [{ 'content-length': ['2'] }, { 'transfer-encoding': ['chunked'] }] as Array<Record<string, string[]>>) {
        const framing = requestBodyFraming(incoming(method, headers));
        expect(refusal(framing)).toContain(`a ${method} request may not carry a body`);
        expect(typeof framing !== 'string' && framing.code).toBe(400);
      }
    }
  });

  it('refuses ambiguous framing even where the parser let it through', () => {
    expect(refusal(requestBodyFraming(incoming('POST', { 'content-length': ['2'], 'transfer-encoding': ['chunked'] })))).toContain('both Content-Length and Transfer-Encoding');
    expect(refusal(requestBodyFraming(incoming('POST', { 'content-length': ['2', '2'] })))).toContain('invalid Content-Length');
    expect(refusal(requestBodyFraming(incoming('POST', { 'content-length': ['2 '] })))).toContain('invalid Content-Length');
    expect(refusal(requestBodyFraming(incoming('POST', { 'content-length': ['9'.repeat(16)] })))).toContain('invalid Content-Length');
    for (const coding of [['gzip, chunked'], ['chunked', 'chunked'], ['identity'], ['']]) {
      expect(refusal(requestBodyFraming(incoming('POST', { 'transfer-encoding': coding })))).toContain('is not supported');
    }
  });
});

describe('upgradeBodyProblem', () => {
  it('lets an upgrade without a body through (kubectl sends Content-Length: 0) and refuses one with a body', () => {
    expect(upgradeBodyProblem(incoming('GET', {}))).toBeNull();
    expect(upgradeBodyProblem(incoming('POST', { 'content-length': ['0'] }))).toBeNull();
    expect(upgradeBodyProblem(incoming('GET', { 'content-length': ['5'] }))?.code).toBe(400);
    expect(upgradeBodyProblem(incoming('GET', { 'transfer-encoding': ['chunked'] }))?.message).toContain('may not carry a body');
  });
});
