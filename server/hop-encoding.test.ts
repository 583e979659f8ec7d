import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import type { ContextTarget } from './contexts.js';
import { forwardedAcceptEncoding, isLoopbackPeer } from './hop-encoding.js';

const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';
/** A request from `remoteAddress` with `acceptEncoding` (null: none sent). */
const request = (remoteAddress: string | undefined, acceptEncoding: string | null = BROWSER_ENCODINGS) =>
  ({ socket: { remoteAddress }, headers: acceptEncoding === null ? {} : { 'accept-encoding': acceptEncoding } }) as unknown as IncomingMessage;
const target = (server: string) => ({ server: new URL(server) }) as ContextTarget;

describe('hop-encoding', () => {
  it.each(['127.0.0.1', '127.3.2.1', '::1', '::ffff:127.0.0.1'])('takes %s for this machine', (address) => {
    expect(isLoopbackPeer(request(address))).toBe(true);
  });

  it.each(['10.0.0.7', '::ffff:192.168.1.2', 'fe80::1', undefined])('takes %s for another machine (or an unknown one)', (address) => {
    expect(isLoopbackPeer(request(address))).toBe(false);
  });

  it.each(['http://127.0.0.1:41234', 'https://localhost:6443', 'https://[::1]:6443'])('asks %s for identity when the browser is on loopback too', (server) => {
    expect(forwardedAcceptEncoding(request('127.0.0.1'), target(server))).toBe('identity');
  });

  it("keeps the client's Accept-Encoding when either end is across a network", () => {
    expect(forwardedAcceptEncoding(request('127.0.0.1'), target('https://k8s.example.com:6443'))).toBe(BROWSER_ENCODINGS);
    expect(forwardedAcceptEncoding(request('10.0.0.7'), target('http://127.0.0.1:41234'))).toBe(BROWSER_ENCODINGS);
    expect(forwardedAcceptEncoding(request('10.0.0.7', null), target('https://k8s.example.com:6443'))).toBe('');
  });
});
