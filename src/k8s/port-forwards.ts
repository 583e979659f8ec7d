// The kubeglass server's port forwards (/-/port-forwards): start, list, stop. Errors are KubeApiErrors like any request's.
import { PORT_FORWARDS_PATH, type PortForward, type PortForwardList, type PortForwardRequest } from '../../wire/port-forward';
import { fetchJson } from './api-client';

export type { PortForward, PortForwardRequest } from '../../wire/port-forward';

export async function fetchPortForwards(signal?: AbortSignal): Promise<PortForward[]> {
  return (await fetchJson<PortForwardList>(PORT_FORWARDS_PATH, { signal })).body.items;
}

export async function startPortForward(request: PortForwardRequest): Promise<PortForward> {
  return (await fetchJson<PortForward>(PORT_FORWARDS_PATH, { method: 'POST', contentType: 'application/json', body: JSON.stringify(request) })).body;
}

/** Stops a listening forward; an ended one leaves the list. */
export async function stopPortForward(id: string): Promise<PortForward> {
  return (await fetchJson<PortForward>(`${PORT_FORWARDS_PATH}/${encodeURIComponent(id)}`, { method: 'DELETE' })).body;
}

const HTTP_PORTS = new Set([80, 3000, 5000, 8000, 8080, 8081, 8888, 9090, 9100]);

/** Whether a port likely speaks HTTP (its name, or a well-known number): the list then links it. */
export function looksLikeHttp(port: number, name?: string, appProtocol?: string): boolean {
  const label = `${name ?? ''} ${appProtocol ?? ''}`.toLowerCase();
  if (/\bhttps\b|grpc|tls/.test(label)) return false;
  return /http|web/.test(label) || HTTP_PORTS.has(port);
}

/** The address a browser opens for a forward of an HTTP port. */
export function forwardUrl(forward: Pick<PortForward, 'localAddress' | 'localPort'>): string {
  return `http://${forward.localAddress}:${forward.localPort}/`;
}
