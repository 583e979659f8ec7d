// What listens on a demo pod's declared container ports: a small HTTP server that names the pod, container and port.
// An undeclared port has nothing listening, and the kubelet's dial fails as it does on a real node.
import type { KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';

/** One TCP connection into the pod's network namespace, as the forwarder sees it. */
export interface PodConnection {
  /** Bytes from the client. */
  write(data: Buffer): void;
  /** The client closed its side. */
  end(): void;
}

export interface PodConnectionPeer {
  /** Bytes the container sent. */
  data(data: Buffer): void;
  /** The container closed the connection. */
  close(): void;
}

/** The container that declares `port` (TCP), else undefined. */
export function containerForPort(pod: KubeObject, port: number): string | undefined {
  const spec = isPlainObject(pod.spec) ? pod.spec : {};
  const containers = Array.isArray(spec.containers) ? spec.containers.filter(isPlainObject) : [];
  for (const container of containers) {
    const ports = Array.isArray(container.ports) ? container.ports.filter(isPlainObject) : [];
    if (ports.some((p) => p.containerPort === port && (p.protocol ?? 'TCP') === 'TCP')) return String(container.name ?? '');
  }
  return undefined;
}

/** The kubelet's message when nothing listens on the port (kuberuntime's portForward dial in the pod's netns). */
export function connectionRefused(pod: KubeObject, port: number): string {
  const uid = pod.metadata.uid ?? '';
  return (
    `error forwarding port ${port} to pod ${uid}, uid : failed to execute portforward in network namespace "/var/run/netns/cni-${uid}": ` +
    `failed to connect to localhost:${port} inside namespace "${uid}", IPv4: dial tcp4 127.0.0.1:${port}: connect: connection refused ` +
    `IPv6 dial tcp6 [::1]:${port}: connect: connection refused `
  );
}

const HEAD_END = '\r\n\r\n';
const MAX_HEAD_BYTES = 64 * 1024;

/**
 * Connects to the pod's port: an HTTP/1.1 server answering every request with 200 and a text body, keep-alive unless
 * the request says close. Returns an error message when no container declares the port.
 */
export function connectToPod(pod: KubeObject, port: number, peer: PodConnectionPeer): PodConnection | string {
  const container = containerForPort(pod, port);
  if (container === undefined) return connectionRefused(pod, port);
  const body = `pod ${pod.metadata.namespace ?? ''}/${pod.metadata.name ?? ''} container ${container} port ${port}\n`;
  let pending = '';
  let closed = false;
  const close = (): void => {
    if (closed) return;
    closed = true;
    peer.close();
  };
  return {
    write(data) {
      if (closed) return;
      pending += data.toString('latin1');
      for (let end = pending.indexOf(HEAD_END); end !== -1 && !closed; end = pending.indexOf(HEAD_END)) {
        const head = pending.slice(0, end);
        pending = pending.slice(end + HEAD_END.length);
        const [requestLine = '', ...headerLines] = head.split('\r\n');
        const [method = 'GET', target = '/'] = requestLine.split(' ');
        const connectionClose = headerLines.some((line) => /^connection:\s*close\s*$/i.test(line));
        const text = `${body}${method} ${target}\n`;
        const answer =
          `HTTP/1.1 200 OK\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(text)}\r\n` +
          `Connection: ${connectionClose ? 'close' : 'keep-alive'}\r\n\r\n${method === 'HEAD' ? '' : text}`;
        peer.data(Buffer.from(answer, 'utf8'));
        if (connectionClose) close();
      }
      if (pending.length > MAX_HEAD_BYTES) close();
    },
    end() {
      close();
    },
  };
}
