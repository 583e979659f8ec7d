// Watches the one pod a forward reaches and says when it goes: deleted, terminating, or no longer Running.
import type { ClientRequest } from 'node:http';
import type { ContextTarget } from '../contexts.js';
import type { Person } from '../person.js';
import { discardUpstreamRequest, openUpstreamRequest } from '../upstream.js';
import { WatchStreamParser } from '../watch-stream-parser.js';
import type { PortForwardEndReason } from '../../wire/port-forward.js';
import { requestJson } from '../upstream-json.js';

export interface PodState {
  metadata?: { resourceVersion?: string; deletionTimestamp?: string };
  status?: { phase?: string };
}

export interface PodGone {
  reason: Extract<PortForwardEndReason, 'PodDeleted' | 'PodNotRunning'>;
  message: string;
}

/** Why a forward to this pod cannot go on, or null while it is Running and not being deleted. */
export function podGone(name: string, pod: PodState | null): PodGone | null {
  if (pod === null) return { reason: 'PodDeleted', message: `pod ${name} was deleted` };
  if (pod.metadata?.deletionTimestamp !== undefined) return { reason: 'PodDeleted', message: `pod ${name} is being deleted` };
  const phase = pod.status?.phase;
  if (phase !== 'Running') return { reason: 'PodNotRunning', message: `pod ${name} is ${phase ?? 'in no phase'}, not Running` };
  return null;
}

const RETRY_MS = 2000;

export interface PodWatch {
  stop(): void;
}

/** Follows the pod from resourceVersion on; calls onGone once when podGone says it went. */
export function watchPod(target: ContextTarget, person: Person, namespace: string, name: string, resourceVersion: string, onGone: (gone: PodGone) => void): PodWatch {
  let stopped = false;
  let request: ClientRequest | undefined;
  let timer: NodeJS.Timeout | undefined;
  let rv = resourceVersion;

  const gone = (g: PodGone): void => {
    if (stopped) return;
    stopped = true;
    onGone(g);
  };
  const retry = (relist: boolean): void => {
    if (stopped) return;
    timer = setTimeout(() => void (relist ? relistThenWatch() : open()), RETRY_MS);
  };
  const relistThenWatch = async (): Promise<void> => {
    try {
      const answer = await requestJson(target, person, 'GET', `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods/${encodeURIComponent(name)}`);
      if (stopped) return;
      if (answer.code === 404) return gone(podGone(name, null) as PodGone);
      if (answer.code !== 200) return retry(true);
      const pod = answer.body as PodState;
      const why = podGone(name, pod);
      if (why) return gone(why);
      rv = pod.metadata?.resourceVersion ?? '';
      void open();
    } catch {
      retry(true);
    }
  };
  const open = async (): Promise<void> => {
    if (stopped) return;
    const query = new URLSearchParams({ fieldSelector: `metadata.name=${name}`, watch: '1', allowWatchBookmarks: 'true', resourceVersion: rv });
    try {
      request = await openUpstreamRequest(target, { method: 'GET', pathAndQuery: `/api/v1/namespaces/${encodeURIComponent(namespace)}/pods?${query}`, headers: { accept: 'application/json', 'user-agent': 'kubeglass' } }, person);
    } catch {
      return retry(true);
    }
    if (stopped) return discardUpstreamRequest(request);
    // One attempt goes on once, whichever of its ends comes first.
    let ended = false;
    const next = (relist: boolean): void => {
      if (ended) return;
      ended = true;
      if (relist) retry(true);
      else void open();
    };
    request.on('error', () => next(true));
    request.on('response', (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        return next(true);
      }
      const parser = new WatchStreamParser();
      let relist = false;
      response.on('data', (chunk: Buffer) => {
        for (const line of parser.push(chunk)) {
          let event: { type?: string; object?: PodState };
          try {
            event = JSON.parse(line) as typeof event;
          } catch {
            continue;
          }
          if (event.type === 'ERROR') {
            relist = true;
            continue;
          }
          if (event.object?.metadata?.resourceVersion !== undefined) rv = event.object.metadata.resourceVersion;
          if (event.type === 'DELETED') gone(podGone(name, null) as PodGone);
          else if (event.type === 'ADDED' || event.type === 'MODIFIED') {
            const why = podGone(name, event.object ?? {});
            if (why) gone(why);
          }
        }
      });
      response.on('error', () => undefined);
      response.on('close', () => next(relist));
    });
    request.end();
  };
  void open();
  return {
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (request) discardUpstreamRequest(request);
    },
  };
}
