// The WebSocket port-forward framing (kubelet's portforward/websocket.go, v4.channel.k8s.io): one channel byte a
// message; port i has data channel 2i and error channel 2i+1; the server's first message on each channel is the
// port, 2 bytes little-endian, which is not data.

export const PORT_FORWARD_PROTOCOL = 'v4.channel.k8s.io';

/** A message carrying `data` on `channel`. */
export function frame(channel: number, data: Buffer): Buffer {
  return Buffer.concat([Buffer.from([channel]), data]);
}

export type ChannelMessage =
  | { kind: 'data'; portIndex: number; data: Buffer }
  | { kind: 'error'; portIndex: number; text: string }
  | { kind: 'port'; portIndex: number; port: number }
  | { kind: 'invalid'; why: string };

/** Reads the server's messages of one forward: strips each channel's port prefix and checks it names the port asked. */
export class ChannelReader {
  private readonly prefixSeen = new Set<number>();

  constructor(private readonly ports: readonly number[]) {}

  read(message: Buffer): ChannelMessage {
    const channel = message[0];
    if (channel === undefined) return { kind: 'invalid', why: 'empty message' };
    const portIndex = Math.floor(channel / 2);
    const port = this.ports[portIndex];
    if (port === undefined) return { kind: 'invalid', why: `message on channel ${channel}, beyond the ${this.ports.length * 2} asked` };
    const payload = message.subarray(1);
    if (!this.prefixSeen.has(channel)) {
      if (payload.length < 2) return { kind: 'invalid', why: `channel ${channel}'s first message is shorter than its port` };
      const named = payload.readUInt16LE(0);
      if (named !== port) return { kind: 'invalid', why: `channel ${channel} names port ${named}, not ${port}` };
      this.prefixSeen.add(channel);
      const rest = payload.subarray(2);
      if (rest.length === 0) return { kind: 'port', portIndex, port };
      return channel % 2 === 0 ? { kind: 'data', portIndex, data: rest } : { kind: 'error', portIndex, text: rest.toString('utf8') };
    }
    return channel % 2 === 0 ? { kind: 'data', portIndex, data: payload } : { kind: 'error', portIndex, text: payload.toString('utf8') };
  }
}
