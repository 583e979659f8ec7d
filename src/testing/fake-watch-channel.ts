// A WatchChannel for component and controller tests: records each watch and lets the test deliver events.
import type { WireWatchEvent } from '../../wire/ws-protocol';
import type { WatchChannel } from '../data/watch-client-context';
import type { KubeStatus } from '../k8s/kube-status';
import type { ConnectionState, WatchParams } from '../k8s/watch-client';

export interface FakeWatch {
  params: WatchParams;
  onEvent: (e: WireWatchEvent) => void;
  onClosed: (s: KubeStatus | null) => void;
  stopped: boolean;
}

export class FakeWatchChannel implements WatchChannel {
  watches: FakeWatch[] = [];
  state: ConnectionState = 'open';
  private readonly listeners = new Set<() => void>();

  watch = (params: WatchParams, onEvent: FakeWatch['onEvent'], onClosed: FakeWatch['onClosed']) => {
    const w: FakeWatch = { params, onEvent, onClosed, stopped: false };
    this.watches.push(w);
    return () => {
      w.stopped = true;
    };
  };

  getState = () => this.state;

  subscribeState = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  setState(state: ConnectionState): void {
    this.state = state;
    for (const listener of [...this.listeners]) listener();
  }

  /** The newest watch, running or not. */
  last(): FakeWatch {
    const w = this.watches.at(-1);
    if (!w) throw new Error('no watch');
    return w;
  }

  /** The newest running watch, on one collection path when given. */
  active(path?: string): FakeWatch {
    const w = this.watches.filter((x) => !x.stopped && (path === undefined || x.params.path === path)).at(-1);
    if (!w) throw new Error(path === undefined ? 'no active watch' : `no active watch on ${path}`);
    return w;
  }

  /** Delivers an event to the newest running watch. */
  send(event: WireWatchEvent): void {
    this.active().onEvent(event);
  }
}
