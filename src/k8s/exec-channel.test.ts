import { describe, expect, it } from 'vitest';
import { decodeFrame, encodeFrame, encodeResize, encodeStdinClose, execPath, parseExecOutcome, STDERR, STDIN, STDOUT } from './exec-channel';

describe('execPath', () => {
  it('repeats command per argument and sets only the streams asked for', () => {
    const path = execPath('shop', 'web-1', { container: 'app', command: ['sh', '-c', 'echo a&b'], stdin: true, stdout: true, stderr: false, tty: true });
    expect(path).toBe('/api/v1/namespaces/shop/pods/web-1/exec?container=app&command=sh&command=-c&command=echo+a%26b&stdin=true&stdout=true&tty=true');
  });

  it('leaves the container out when none is chosen', () => {
    const path = execPath('default', 'p', { command: ['ls'], stdin: false, stdout: true, stderr: true, tty: false });
    expect(new URL(path, 'http://x').searchParams.has('container')).toBe(false);
    expect(new URL(path, 'http://x').searchParams.getAll('command')).toEqual(['ls']);
  });
});

describe('frames', () => {
  it('prefixes the channel byte and round-trips UTF-8', () => {
    const frame = encodeFrame(STDIN, 'é\n');
    expect([...frame]).toEqual([0, 0xc3, 0xa9, 0x0a]);
    const decoded = decodeFrame(encodeFrame(STDERR, 'oops'));
    expect(decoded?.channel).toBe(STDERR);
    expect(new TextDecoder().decode(decoded?.data)).toBe('oops');
  });

  it('reads an empty message as nothing and a lone channel byte as empty data', () => {
    expect(decodeFrame(new Uint8Array())).toBeNull();
    expect(decodeFrame(new Uint8Array([STDOUT]))?.data.length).toBe(0);
  });

  it('encodes resize as TerminalSize JSON on channel 4, clamped to uint16', () => {
    const frame = encodeResize(120.7, 70000);
    expect(frame[0]).toBe(4);
    expect(JSON.parse(new TextDecoder().decode(frame.subarray(1)))).toEqual({ Width: 120, Height: 65535 });
  });

  it('closes stdin with the v5 close signal', () => {
    expect([...encodeStdinClose()]).toEqual([255, 0]);
  });
});

describe('parseExecOutcome', () => {
  it('reads Success', () => {
    expect(parseExecOutcome('{"metadata":{},"status":"Success"}')).toEqual({ kind: 'success' });
  });

  it('reads a Status without kind as kubelet writes it', () => {
    // kubelet's v4 writeStatus marshals metav1.Status without TypeMeta.
    expect(parseExecOutcome('{"metadata":{},"status":"Failure","message":"command terminated with non-zero exit code: exit status 3","reason":"NonZeroExitCode","details":{"causes":[{"reason":"ExitCode","message":"3"}]}}')).toEqual({
      kind: 'exit',
      code: 3,
      message: 'command terminated with non-zero exit code: exit status 3',
    });
  });

  it('keeps other failures with their Status', () => {
    const outcome = parseExecOutcome('{"kind":"Status","status":"Failure","message":"container not found","reason":"InternalError","code":500}');
    expect(outcome.kind).toBe('failure');
    expect(outcome.kind === 'failure' && outcome.status?.reason).toBe('InternalError');
  });

  it('reads a plain text error (v1 protocol) and an exit cause that is no number as failures', () => {
    expect(parseExecOutcome('error: oops\n')).toEqual({ kind: 'failure', message: 'error: oops', status: null });
    const odd = parseExecOutcome('{"status":"Failure","reason":"NonZeroExitCode","message":"m","details":{"causes":[{"reason":"ExitCode","message":"x"}]}}');
    expect(odd.kind).toBe('failure');
  });
});
