import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddress, createClientLimits, DEFAULT_CLIENT_LIMITS, retryAfterHeader } from './client-limits.js';

describe('client limits', () => {
  it('counts per kind and address, refusing with a 429 that names the limit', () => {
    const limits = createClientLimits({ watches: 2 });
    const a = limits.acquire('watches', '10.0.0.1');
    const b = limits.acquire('watches', '10.0.0.1');
    expect(typeof a).toBe('function');
    expect(typeof b).toBe('function');
    const refused = limits.acquire('watches', '10.0.0.1');
    expect(refused).toMatchObject({ code: 429, reason: 'TooManyRequests', details: { retryAfterSeconds: 5 } });
    if (typeof refused === 'function') throw new Error('expected a refusal');
    expect(refused.message).toContain('already has 2 watches open across its /-/ws connections (limit 2 per client address)');
    expect(retryAfterHeader(refused)).toEqual({ 'Retry-After': '5' });
    expect(typeof limits.acquire('watches', '10.0.0.2')).toBe('function');
    expect(typeof limits.acquire('webSockets', '10.0.0.1')).toBe('function');
  });

  it('gives a slot back once, however often released', () => {
    const limits = createClientLimits({ requestsInFlight: 1 });
    const slot = limits.acquire('requestsInFlight', 'x');
    if (typeof slot !== 'function') throw new Error('expected a slot');
    slot();
    slot();
    expect(limits.inUse('requestsInFlight', 'x')).toBe(0);
    const again = limits.acquire('requestsInFlight', 'x');
    expect(typeof again).toBe('function');
    expect(typeof limits.acquire('requestsInFlight', 'x')).not.toBe('function');
  });

  it('defaults above the load test (50 sockets x 10 watches from one address)', () => {
    expect(DEFAULT_CLIENT_LIMITS.webSockets).toBeGreaterThanOrEqual(100);
    expect(DEFAULT_CLIENT_LIMITS.watches).toBeGreaterThanOrEqual(1000);
  });

  it('names a client by its address, IPv4-mapped IPv6 as IPv4', () => {
    const req = (remoteAddress: string) => ({ socket: { remoteAddress } }) as unknown as IncomingMessage;
    expect(clientAddress(req('::ffff:10.1.2.3'))).toBe('10.1.2.3');
    expect(clientAddress(req('::1'))).toBe('::1');
  });
});
