// One TCP connection carried to a pod's port over SPDY/3.1, as kubectl does when the WebSocket upgrade is refused
// (client-go portforward.go): an error stream and a data stream naming the port and a requestID; the server's FIN on
// the data stream ends the connection, whatever it sent on the error stream is the kubelet's error.
import type { Socket } from 'node:net';
import type { ContextTarget } from '../contexts.js';
import type { Person } from '../person.js';
import { discardUpstreamRequest, openUpstreamRequest } from '../upstream.js';
import { controlFrame, dataFrame, encodeHeaderBlock, FLAG_FIN, HeaderBlockReader, HeaderBlockWriter, PING, RST_STREAM, SpdyFrameReader, SYN_REPLY, SYN_STREAM } from '../../wire/spdy-framing.js';
import { holdInto, type PodAddress, type TunnelEvents } from './tunnel-parts.js';

const ERROR_STREAM = 1;
const DATA_STREAM = 3;

function synStream(streamId: number, flags: number, headerBlock: Buffer): Buffer {
  const head = Buffer.alloc(10);
  head.writeUInt32BE(streamId, 0);
  return controlFrame(SYN_STREAM, flags, Buffer.concat([head, headerBlock]));
}

/** Carries `socket` (whose first bytes are `held`) over a SPDY upgrade of pods/{name}/portforward; returns its end. */
export async function spdyTunnel(target: ContextTarget, person: Person, address: PodAddress, socket: Socket, held: Buffer[], events: TunnelEvents): Promise<() => void> {
  const { namespace, pod, port } = address;
  const path = `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}/portforward`;
  const request = await openUpstreamRequest(
    target,
    { method: 'POST', pathAndQuery: path, headers: { connection: 'Upgrade', upgrade: 'SPDY/3.1', 'x-stream-protocol-version': 'portforward.k8s.io', 'user-agent': 'kubeglass', 'content-length': 0 } },
    person,
  );
  let closed = false;
  let upstream: Socket | undefined;
  const close = (): void => {
    if (closed) return;
    closed = true;
    socket.destroy();
    if (upstream) upstream.destroy();
    else discardUpstreamRequest(request);
  };
  request.on('error', (error) => {
    if (!closed) events.error(`port-forward SPDY upgrade failed: ${error.message}`);
    close();
  });
  request.on('response', (response) => {
    const chunks: Buffer[] = [];
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      let message = `the API server refused the port-forward upgrade (${response.statusCode ?? 0})`;
      try {
        const status = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { message?: unknown };
        if (typeof status.message === 'string') message = status.message;
      } catch {
        // Not a Status: the code says it.
      }
      events.error(message);
      close();
    });
  });
  request.on('upgrade', (_response, upgraded: Socket, head: Buffer) => {
    upstream = upgraded;
    if (closed) return close();
    const frames = new SpdyFrameReader();
    const headersIn = new HeaderBlockReader();
    const headersOut = new HeaderBlockWriter();
    const send = (bytes: Buffer): void => void (upgraded.writable && upgraded.write(bytes));
    const headers = (type: string) => headersOut.write(encodeHeaderBlock([['streamtype', type], ['port', String(port)], ['requestid', '0']]));
    // The error stream carries nothing from here: opened half-closed, as kubectl closes it at once.
    send(synStream(ERROR_STREAM, FLAG_FIN, headers('error')));
    send(synStream(DATA_STREAM, 0, headers('data')));
    let errorText = '';
    const forward = (chunk: Buffer): void => {
      events.bytesOut(chunk.length);
      send(dataFrame(DATA_STREAM, 0, chunk));
    };
    const receive = (bytes: Buffer): void => {
      for (const frame of frames.push(bytes)) {
        if (frame.kind === 'data') {
          if (frame.streamId === DATA_STREAM) {
            if (frame.data.length > 0) {
              events.bytesIn(frame.data.length);
              socket.write(frame.data);
            }
            if (frame.flags & FLAG_FIN) socket.end();
          } else if (frame.streamId === ERROR_STREAM) {
            errorText += frame.data.toString('utf8');
            if (frame.flags & FLAG_FIN) {
              if (errorText !== '') events.error(errorText);
              close();
            }
          }
        } else if (frame.type === SYN_REPLY) {
          headersIn.read(frame.payload.subarray(4));
        } else if (frame.type === PING) {
          send(controlFrame(PING, 0, frame.payload));
        } else if (frame.type === RST_STREAM) {
          close();
        }
      }
    };
    if (head.length > 0) receive(head);
    upgraded.on('data', receive);
    upgraded.on('error', close);
    upgraded.on('close', close);
    socket.off('data', holdInto(held));
    for (const chunk of held.splice(0)) forward(chunk);
    socket.on('data', forward);
    socket.on('end', () => send(dataFrame(DATA_STREAM, FLAG_FIN, Buffer.alloc(0))));
    socket.resume();
  });
  socket.on('error', close);
  socket.on('close', close);
  request.end();
  return close;
}
