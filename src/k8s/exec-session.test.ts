import { describe, expect, it } from 'vitest';
import { encodeFrame } from './exec-channel';
import { openExecSession, webSocketUrl, type ExecHandlers, type ExecSocket } from './exec-session';

class FakeExecSocket implements ExecSocket {
  readyState = 0;
  protocol = '';
  binaryType = 'blob';
  sent: number[][] = [];
  closedWith: number | undefined;
  onopen: ExecSocket['onopen'] = null;
  onmessage: ExecSocket['onmessage'] = null;
  onclose: ExecSocket['onclose'] = null;
  onerror: ExecSocket['onerror'] = null;
  constructor(readonly protocols: string[]) {}
  send(data: Uint8Array) {
    this.sent.push([...data]);
  }
  close(code?: number) {
    this.closedWith = code;
    this.readyState = 3;
  }
  open(protocol: string) {
    this.protocol = protocol;
    this.readyState = 1;
    this.onopen?.({});
  }
  deliver(channel: number, text: string) {
    this.onmessage?.({ data: encodeFrame(channel, text).buffer });
  }
  serverClose(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

function start() {
  const events: string[] = [];
  let socket: FakeExecSocket | undefined;
  const handlers: ExecHandlers = {
    onOpen: (p) => events.push(`open ${p}`),
    onOutput: (data, channel) => events.push(`${channel}:${new TextDecoder().decode(data)}`),
    onEnd: (outcome, opened) => events.push(`end ${JSON.stringify(outcome)} ${opened}`),
  };
  const session = openExecSession('ws://x/k8s/demo/exec', handlers, (_url, protocols) => (socket = new FakeExecSocket(protocols)));
  if (!socket) throw new Error('no socket');
  return { events, session, socket };
}

describe('openExecSession', () => {
  it('offers v5 then v4, reads binary frames, and ends with the exit code from the error channel', () => {
    const { events, session, socket } = start();
    expect(socket.protocols).toEqual(['v5.channel.k8s.io', 'v4.channel.k8s.io']);
    expect(socket.binaryType).toBe('arraybuffer');
    socket.open('v5.channel.k8s.io');
    session.send('exit 3\r');
    session.resize(80, 24);
    session.closeStdin();
    socket.deliver(1, 'out');
    socket.deliver(2, 'err');
    socket.deliver(3, '{"metadata":{},"status":"Failure","reason":"NonZeroExitCode","message":"m",');
    socket.deliver(3, '"details":{"causes":[{"reason":"ExitCode","message":"3"}]}}');
    socket.serverClose();
    expect(socket.sent[0]).toEqual([0, ...new TextEncoder().encode('exit 3\r')]);
    expect(socket.sent[1]?.[0]).toBe(4);
    expect(socket.sent[2]).toEqual([255, 0]);
    expect(events).toEqual(['open v5.channel.k8s.io', '1:out', '2:err', 'end {"kind":"exit","code":3,"message":"m"} true']);
  });

  it('on v4 cannot close stdin alone; sends nothing before open', () => {
    const { session, socket } = start();
    session.send('early');
    socket.open('v4.channel.k8s.io');
    session.closeStdin();
    expect(socket.sent).toEqual([]);
  });

  it('a handshake refused ends as not opened; a close without status is a failure', () => {
    const refused = start();
    refused.socket.serverClose(1006);
    expect(refused.events).toEqual(['end {"kind":"failure","message":"the WebSocket handshake failed","status":null} false']);
    const cut = start();
    cut.socket.open('v5.channel.k8s.io');
    cut.socket.serverClose(1006);
    expect(cut.events[1]).toContain('closed without an exit status (code 1006)');
  });

  it('close() closes once with 1000', () => {
    const { session, socket } = start();
    socket.open('v5.channel.k8s.io');
    session.close();
    expect(socket.closedWith).toBe(1000);
  });
});

describe('webSocketUrl', () => {
  it('follows the page scheme', () => {
    expect(webSocketUrl({ protocol: 'http:', host: '127.0.0.1:7070' }, '/k8s/demo/x')).toBe('ws://127.0.0.1:7070/k8s/demo/x');
    expect(webSocketUrl({ protocol: 'https:', host: 'kg.example' }, '/k8s/a')).toBe('wss://kg.example/k8s/a');
  });
});
