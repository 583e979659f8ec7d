// /-/port-forwards: the forwards the kubeglass server holds for the person asking. POST starts one, GET lists them,
// DELETE /-/port-forwards/{id} stops one (an ended one is removed from the list).

export const PORT_FORWARDS_PATH = '/-/port-forwards';

/** POST body. */
export interface PortForwardRequest {
  context: string;
  namespace: string;
  pod: string;
  /** The container port to reach. */
  port: number;
  /** The port to listen on at 127.0.0.1; absent: the container port where free, else one the system picks. */
  localPort?: number;
}

export interface PortForward {
  id: string;
  context: string;
  namespace: string;
  pod: string;
  port: number;
  /** Always 127.0.0.1: a forward is reachable from this machine only. */
  localAddress: string;
  localPort: number;
  /** RFC 3339. */
  startedAt: string;
  /** Bytes sent to the pod. */
  bytesOut: number;
  /** Bytes received from the pod. */
  bytesIn: number;
  /** Connections open now. */
  connections: number;
  /** Connections accepted since the forward started. */
  connectionsTotal: number;
  /** The last error the pod's side sent (the kubelet's error channel), if any. */
  lastError?: string;
  /** Absent while the forward listens. */
  ended?: { at: string; reason: PortForwardEndReason; message: string };
}

/** Stopped: asked to; PodDeleted / PodNotRunning: the pod went; ServerClosing: kubeglass is stopping. */
export type PortForwardEndReason = 'Stopped' | 'PodDeleted' | 'PodNotRunning' | 'ServerClosing';

export interface PortForwardList {
  items: PortForward[];
}
