import { describe, expect, it } from 'vitest';
import { listenFailureMessage } from './listen-failure.js';

const failure = (code: string): NodeJS.ErrnoException => Object.assign(new Error(`listen ${code}`), { code });

describe('listenFailureMessage', () => {
  it('says a busy port is busy, where the running one would be, and to pick another with --port', () => {
    const message = listenFailureMessage(failure('EADDRINUSE'), '127.0.0.1', 7070);
    expect(message).toBe(
      '127.0.0.1:7070 is already in use (is kubeglass already running? it would be at http://127.0.0.1:7070/): start this one on another port with --port N, or --port 0 for any free port',
    );
    expect(listenFailureMessage(failure('EADDRINUSE'), '0.0.0.0', 8080)).toContain('0.0.0.0:8080 is already in use (is kubeglass already running? it would be at http://127.0.0.1:8080/)');
    expect(listenFailureMessage(failure('EADDRINUSE'), '::1', 7070)).toContain('[::1]:7070 is already in use');
  });

  it('explains privileged ports and foreign addresses, and leaves other errors to the caller', () => {
    expect(listenFailureMessage(failure('EACCES'), '127.0.0.1', 80)).toBe('not allowed to listen on 127.0.0.1:80 (ports below 1024 need privileges): choose another port with --port');
    expect(listenFailureMessage(failure('EADDRNOTAVAIL'), '10.9.9.9', 7070)).toContain('10.9.9.9 is not an address of this machine: choose another with --host');
    expect(listenFailureMessage(failure('EMFILE'), '127.0.0.1', 7070)).toBeUndefined();
  });

});
