// The forwards the server holds: each listens on 127.0.0.1 and carries every connection it accepts to its pod's port,
// after the person may create pods/portforward on the pod; each belongs to the person who opened it, and ends when
// they stop it or its pod goes.
import net from 'node:net';
import { randomUUID } from 'node:crypto';
import type { ContextRegistry } from '../contexts.js';
import type { Person } from '../person.js';
import { makeStatus, isStatus, type KubeStatus } from '../status.js';
import { upstreamErrorStatus } from '../upstream.js';
import type { PortForward, PortForwardEndReason, PortForwardRequest } from '../../wire/port-forward.js';
import { checkPortForwardAccess } from './permission.js';
import { podGone, watchPod, type PodState, type PodWatch } from './pod-watch.js';
import { tunnel } from './tunnel.js';
import { requestJson } from '../upstream-json.js';

export const LOCAL_ADDRESS = '127.0.0.1';
/** Ended forwards kept in a person's list (with why they ended) until dismissed. */
const KEPT_ENDED = 20;

interface Held {
  owner: string;
  view: PortForward;
  server: net.Server;
  sockets: Set<net.Socket>;
  watch?: PodWatch;
}

/** Who a forward belongs to: a signed-in person by name (a refreshed token is the same person), else the kubeconfig's user. */
export function ownerOf(person: Person): string {
  return person.bearer !== undefined ? person.limitKey : person.cacheKey;
}

export interface PortForwards {
  start(person: Person, request: PortForwardRequest): Promise<PortForward | KubeStatus>;
  list(person: Person): PortForward[];
  /** Stops a listening forward, or removes an ended one from the list; null when the person holds no such forward. */
  stop(person: Person, id: string): PortForward | null;
  close(): Promise<void>;
}

function listen(server: net.Server, port: number): Promise<number | NodeJS.ErrnoException> {
  return new Promise((resolve) => {
    const onError = (error: NodeJS.ErrnoException): void => resolve(error);
    server.once('error', onError);
    server.listen({ port, host: LOCAL_ADDRESS, exclusive: true }, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address !== null ? address.port : port);
    });
  });
}

export function createPortForwards(contexts: ContextRegistry): PortForwards {
  const held = new Map<string, Held>();

  const end = (forward: Held, reason: PortForwardEndReason, message: string): void => {
    if (forward.view.ended) return;
    forward.view.ended = { at: new Date().toISOString(), reason, message };
    forward.watch?.stop();
    forward.server.close();
    for (const socket of forward.sockets) socket.destroy();
    const ended = [...held.values()].filter((h) => h.owner === forward.owner && h.view.ended);
    for (const old of ended.slice(0, Math.max(0, ended.length - KEPT_ENDED))) held.delete(old.view.id);
  };

  const start = async (person: Person, request: PortForwardRequest): Promise<PortForward | KubeStatus> => {
    const target = contexts.get(request.context);
    if (!target) return makeStatus(404, `kubeglass has no context "${request.context}"`);
    const { namespace, pod, port } = request;
    let podState: PodState;
    try {
      const refusal = await checkPortForwardAccess(target, person, namespace, pod);
      if (refusal) return refusal;
      const answer = await requestJson(target, person, 'GET', `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(pod)}`);
      if (answer.code !== 200) return isStatus(answer.body) ? (answer.body as KubeStatus) : makeStatus(answer.code, `reading pod ${pod} failed (${answer.code})`);
      podState = answer.body as PodState;
    } catch (error) {
      return upstreamErrorStatus(target, error);
    }
    // kubectl port-forward refuses a pod that is not running before it dials.
    const gone = podGone(pod, podState);
    if (gone) return makeStatus(400, `unable to forward port because ${gone.message}`, 'BadRequest');

    const sockets = new Set<net.Socket>();
    const server = net.createServer({ noDelay: true });
    let bound: number | NodeJS.ErrnoException;
    if (request.localPort !== undefined) {
      bound = await listen(server, request.localPort);
      if (typeof bound !== 'number') {
        const why = bound.code === 'EADDRINUSE' ? 'is in use' : bound.code === 'EACCES' ? 'may not be opened by kubeglass' : `cannot be opened (${bound.message})`;
        return makeStatus(409, `local port ${request.localPort} on ${LOCAL_ADDRESS} ${why}: choose another, or leave it empty for a free one`, 'Conflict');
      }
    } else {
      bound = await listen(server, port);
      if (typeof bound !== 'number') bound = await listen(server, 0);
      if (typeof bound !== 'number') return makeStatus(500, `no local port could be opened on ${LOCAL_ADDRESS}: ${bound.message}`);
    }
    const view: PortForward = {
      id: randomUUID(),
      context: request.context,
      namespace,
      pod,
      port,
      localAddress: LOCAL_ADDRESS,
      localPort: bound,
      startedAt: new Date().toISOString(),
      bytesIn: 0,
      bytesOut: 0,
      connections: 0,
      connectionsTotal: 0,
    };
    const forward: Held = { owner: ownerOf(person), view, server, sockets };
    held.set(view.id, forward);
    server.on('connection', (socket) => {
      if (view.ended) {
        socket.destroy();
        return;
      }
      sockets.add(socket);
      view.connections += 1;
      view.connectionsTotal += 1;
      socket.once('close', () => {
        sockets.delete(socket);
        view.connections -= 1;
      });
      tunnel(target, person, { namespace, pod, port }, socket, {
        bytesOut: (n) => void (view.bytesOut += n),
        bytesIn: (n) => void (view.bytesIn += n),
        error: (message) => void (view.lastError = message),
      }).catch((error: unknown) => {
        view.lastError = error instanceof Error ? error.message : String(error);
        socket.destroy();
      });
    });
    forward.watch = watchPod(target, person, namespace, pod, podState.metadata?.resourceVersion ?? '', (why) => end(forward, why.reason, why.message));
    return view;
  };

  return {
    start,
    list: (person) => [...held.values()].filter((h) => h.owner === ownerOf(person)).map((h) => h.view),
    stop(person, id) {
      const forward = held.get(id);
      if (!forward || forward.owner !== ownerOf(person)) return null;
      if (forward.view.ended) held.delete(id);
      else end(forward, 'Stopped', `stopped; ${LOCAL_ADDRESS}:${forward.view.localPort} is closed`);
      return forward.view;
    },
    async close() {
      const closing = [...held.values()].map(
        (forward) =>
          new Promise<void>((resolve) => {
            end(forward, 'ServerClosing', 'kubeglass stopped');
            if (forward.server.listening) forward.server.once('close', () => resolve());
            else resolve();
          }),
      );
      held.clear();
      await Promise.all(closing);
    },
  };
}
