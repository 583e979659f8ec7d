// What both port-forward transports (WebSocket, SPDY) take: the pod's address, the events they report, the held bytes.

export interface TunnelEvents {
  bytesOut(count: number): void;
  bytesIn(count: number): void;
  /** What the kubelet sent on the error channel, or why the WebSocket could not be opened. */
  error(message: string): void;
}

export interface PodAddress {
  namespace: string;
  pod: string;
  port: number;
}

/** The one listener that holds a socket's first bytes, so whichever transport carries them can take it off. */
const holders = new WeakMap<Buffer[], (chunk: Buffer) => void>();
export function holdInto(held: Buffer[]): (chunk: Buffer) => void {
  let holder = holders.get(held);
  if (!holder) {
    holder = (chunk: Buffer) => void held.push(chunk);
    holders.set(held, holder);
  }
  return holder;
}
