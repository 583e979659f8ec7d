// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useEffect } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { encodeFrame } from '../../k8s/exec-channel';
import type { KubeObject } from '../../k8s/kube-object';
import { accessReviewResponse, accessSettled } from '../../testing/access-reviews';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { ExecPanel } from './exec-panel';
import type { TerminalViewProps } from './terminal-view';

const written: string[] = [];

// xterm needs a real canvas and layout; the panel's logic is tested with a terminal that records what it is given.
vi.mock('./terminal-view', () => ({
  TerminalView: ({ onReady }: TerminalViewProps) => {
    useEffect(() => {
      onReady({ write: (d) => written.push(typeof d === 'string' ? d : new TextDecoder().decode(d)), focus: () => undefined, columns: 100, rows: 24 });
    }, [onReady]);
    return <div data-testid="exec-terminal" />;
  },
}));

cleanUpAfterEach();

class FakeBrowserSocket {
  static last: FakeBrowserSocket | undefined;
  readyState = 0;
  protocol = '';
  binaryType = 'blob';
  sent: Uint8Array[] = [];
  onopen: ((e: unknown) => void) | null = null;
  onmessage: ((e: { data: unknown }) => void) | null = null;
  onclose: ((e: { code?: number }) => void) | null = null;
  onerror: ((e: unknown) => void) | null = null;
  constructor(
    readonly url: string,
    readonly protocols: string[],
  ) {
    FakeBrowserSocket.last = this;
  }
  send(d: Uint8Array) {
    this.sent.push(d);
  }
  close() {
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
  end(code = 1000) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
}

const pod: KubeObject = {
  apiVersion: 'v1',
  kind: 'Pod',
  metadata: { name: 'web-1', namespace: 'shop' },
  spec: { containers: [{ name: 'app' }, { name: 'sidecar' }] },
  status: { containerStatuses: [{ name: 'app', state: { running: {} } }, { name: 'sidecar', state: { running: {} } }] },
};

function setUp(answer: (url: string, init?: RequestInit) => Response = () => new Response('{}', { status: 500 })) {
  written.length = 0;
  FakeBrowserSocket.last = undefined;
  vi.stubGlobal('WebSocket', FakeBrowserSocket);
  const fetch = stubFetch((url, init) => accessReviewResponse(url, init) ?? answer(url, init));
  renderInProviders(<ExecPanel context="demo" pod={pod} />);
  return fetch;
}

function socket(): FakeBrowserSocket {
  const s = FakeBrowserSocket.last;
  if (!s) throw new Error('no socket was opened');
  return s;
}

describe('ExecPanel', () => {
  it('opens sh in the chosen container over v5/v4, shows output, sends the size, and shows the exit code', async () => {
    setUp();
    await accessSettled();
    fireEvent.change(screen.getByTestId('exec-container'), { target: { value: 'sidecar' } });
    fireEvent.click(screen.getByTestId('exec-open'));
    await waitFor(() => expect(FakeBrowserSocket.last).toBeDefined());
    expect(socket().url).toBe(`ws://${window.location.host}/k8s/demo/api/v1/namespaces/shop/pods/web-1/exec?container=sidecar&command=sh&stdin=true&stdout=true&tty=true`);
    expect(socket().protocols).toEqual(['v5.channel.k8s.io', 'v4.channel.k8s.io']);
    act(() => socket().open('v5.channel.k8s.io'));
    expect(screen.getByTestId('exec-status').textContent).toBe('Connected (v5.channel.k8s.io)');
    expect(JSON.parse(new TextDecoder().decode(socket().sent[0]?.subarray(1)))).toEqual({ Width: 100, Height: 24 });
    act(() => {
      socket().deliver(1, 'hello\r\n');
      socket().deliver(3, '{"metadata":{},"status":"Failure","reason":"NonZeroExitCode","message":"m","details":{"causes":[{"reason":"ExitCode","message":"3"}]}}');
      socket().end();
    });
    expect(screen.getByTestId('exec-status').textContent).toBe('Exited with code 3');
    expect(written.join('')).toContain('hello\r\n');
    expect(written.join('')).toContain('[exited with code 3]');
    expect(screen.getByTestId('exec-open').textContent).toBe('Open again');
  });

  it('shows a failure Status from the error channel in the error panel', async () => {
    setUp();
    await accessSettled();
    fireEvent.change(screen.getByTestId('exec-command'), { target: { value: 'custom' } });
    fireEvent.change(screen.getByTestId('exec-custom-command'), { target: { value: 'python3 -V' } });
    fireEvent.click(screen.getByTestId('exec-open'));
    await waitFor(() => expect(FakeBrowserSocket.last).toBeDefined());
    expect(new URL(socket().url).searchParams.getAll('command')).toEqual(['python3', '-V']);
    act(() => {
      socket().open('v5.channel.k8s.io');
      socket().deliver(3, '{"metadata":{},"status":"Failure","message":"Internal error occurred: exec: \\"python3\\": executable file not found","reason":"InternalError","code":500}');
      socket().end();
    });
    expect(screen.getByTestId('exec-status').textContent).toContain('Ended: Internal error occurred');
    const panel = screen.getByTestId('exec-error');
    expect(within(panel).getByTestId('error-reason').textContent).toBe('InternalError');
    expect(within(panel).getByTestId('error-message').textContent).toContain('executable file not found');
  });

  it('explains a refused handshake with the same request over HTTP (recorded like every request)', async () => {
    const fetch = setUp((url, init) =>
      url.includes('/exec') && init?.method === 'POST'
        ? new Response(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Forbidden', code: 403, message: 'pods "web-1" is forbidden: User "x" cannot create resource "pods/exec"' }), { status: 403, headers: { 'content-type': 'application/json' } })
        : new Response('{}', { status: 500 }),
    );
    await accessSettled();
    fireEvent.click(screen.getByTestId('exec-open'));
    await waitFor(() => expect(FakeBrowserSocket.last).toBeDefined());
    act(() => socket().end(1006));
    await waitFor(() => expect(screen.getByTestId('exec-status').textContent).toBe('Could not connect'));
    expect(within(screen.getByTestId('exec-error')).getByTestId('error-code').textContent).toBe('403');
    expect(fetch.mock.calls.some(([url, init]) => url.includes('/pods/web-1/exec') && init?.method === 'POST')).toBe(true);
  });

  it('is refused before anything is tried without create on pods/exec', async () => {
    written.length = 0;
    vi.stubGlobal('WebSocket', FakeBrowserSocket);
    stubFetch((url, init) => accessReviewResponse(url, init, (a) => a.subresource === 'exec') ?? new Response('{}', { status: 500 }));
    FakeBrowserSocket.last = undefined;
    renderInProviders(<ExecPanel context="demo" pod={pod} />);
    await accessSettled();
    const open = screen.getByTestId('exec-open');
    expect(open.getAttribute('data-access')).toBe('denied');
    fireEvent.click(open);
    expect(FakeBrowserSocket.last).toBeUndefined();
  });
});
