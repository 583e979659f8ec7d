// pods/portforward over SPDY/3.1 as the kubelet serves it (portforward/httpstream.go), straight after an
// `Upgrade: SPDY/3.1` or tunneled in a WebSocket (`SPDY/3.1+portforward.k8s.io`, the apiserver's translation since
// 1.31, which kubectl tries first). The client opens an error stream and a data stream per connection, both naming the
// port and a requestID; the server answers each with SYN_REPLY, carries the data, and ends both with FIN.
import type { KubeObject } from '../resources/types.js';
import { connectToPod, type PodConnection } from './port-forward-app.js';
import {
  dataFrame,
  encodeHeaderBlock,
  FLAG_FIN,
  GOAWAY,
  HeaderBlockReader,
  HeaderBlockWriter,
  PING,
  controlFrame,
  RST_STREAM,
  SpdyFrameReader,
  SYN_STREAM,
  synReply,
} from '../../wire/spdy-framing.js';

export const SPDY_PORT_FORWARD_PROTOCOL = 'portforward.k8s.io';
export const SPDY_TUNNELING_PROTOCOL = `SPDY/3.1+${SPDY_PORT_FORWARD_PROTOCOL}`;

interface Pair {
  port: number;
  errorStream?: number;
  dataStream?: number;
  connection?: PodConnection;
  done?: boolean;
}

export interface SpdySession {
  receive(bytes: Buffer): void;
  /** The transport closed: every pod connection ends. */
  end(): void;
}

/** One SPDY connection of port forwards to the pod; `write` sends bytes, `close` ends the transport. */
export function spdyPortForwardSession(pod: KubeObject, write: (bytes: Buffer) => void, close: () => void): SpdySession {
  const frames = new SpdyFrameReader();
  const headersIn = new HeaderBlockReader();
  const headersOut = new HeaderBlockWriter();
  const pairs = new Map<string, Pair>();
  const streams = new Map<number, { pair: Pair; type: 'error' | 'data' }>();
  let ended = false;

  const finish = (pair: Pair, error?: string): void => {
    if (pair.done) return;
    pair.done = true;
    if (pair.errorStream !== undefined) {
      if (error !== undefined) write(dataFrame(pair.errorStream, 0, Buffer.from(error, 'utf8')));
      write(dataFrame(pair.errorStream, FLAG_FIN, Buffer.alloc(0)));
    }
    if (pair.dataStream !== undefined) write(dataFrame(pair.dataStream, FLAG_FIN, Buffer.alloc(0)));
  };

  const start = (pair: Pair): void => {
    const dataStream = pair.dataStream as number;
    const connection = connectToPod(pod, pair.port, { data: (data) => !pair.done && write(dataFrame(dataStream, 0, data)), close: () => finish(pair) });
    if (typeof connection === 'string') finish(pair, `an error occurred forwarding ${pair.port} -> ${pair.port}: ${connection}`);
    else pair.connection = connection;
  };

  const synStream = (payload: Buffer): void => {
    const streamId = payload.readUInt32BE(0) & 0x7fffffff;
    const headers = headersIn.read(payload.subarray(10));
    write(synReply(streamId, headersOut.write(encodeHeaderBlock([]))));
    const type = headers.get('streamtype');
    const port = Number(headers.get('port'));
    const requestId = headers.get('requestid') ?? String(streamId);
    if ((type !== 'error' && type !== 'data') || !Number.isInteger(port) || port < 1 || port > 65535) {
      write(controlFrame(RST_STREAM, 0, Buffer.from([...uint32(streamId), ...uint32(1)])));
      return;
    }
    const pair = pairs.get(requestId) ?? { port };
    pairs.set(requestId, pair);
    streams.set(streamId, { pair, type });
    if (type === 'error') pair.errorStream = streamId;
    else pair.dataStream = streamId;
    if (pair.errorStream !== undefined && pair.dataStream !== undefined) start(pair);
  };

  const end = (): void => {
    ended = true;
    for (const pair of pairs.values()) {
      pair.done = true;
      pair.connection?.end();
    }
  };

  return {
    receive(bytes) {
      if (ended) return;
      for (const frame of frames.push(bytes)) {
        if (frame.kind === 'data') {
          const stream = streams.get(frame.streamId);
          if (stream?.type === 'data') {
            if (frame.data.length > 0) stream.pair.connection?.write(frame.data);
            if (frame.flags & FLAG_FIN) stream.pair.connection?.end();
          }
          continue;
        }
        if (frame.type === SYN_STREAM) synStream(frame.payload);
        else if (frame.type === PING) write(controlFrame(PING, 0, frame.payload));
        else if (frame.type === RST_STREAM) {
          const stream = streams.get(frame.payload.readUInt32BE(0) & 0x7fffffff);
          if (stream?.type === 'data') {
            stream.pair.done = true;
            stream.pair.connection?.end();
          }
        } else if (frame.type === GOAWAY) {
          end();
          close();
        }
        // SETTINGS and WINDOW_UPDATE: spdystream does no flow control, and neither does this.
      }
    },
    end,
  };
}

function uint32(n: number): number[] {
  return [(n >>> 24) & 0xff, (n >>> 16) & 0xff, (n >>> 8) & 0xff, n & 0xff];
}
