// The frame of a page's port-forward panel: its heading and the link to every forward.
import type { ReactNode } from 'react';

export function PortForwardSection({ forwardsHref, children }: { forwardsHref: string; children: ReactNode }) {
  return (
    <section aria-label="Port forward" data-testid="port-forward-panel" className="border-b border-slate-200 px-4 py-3">
      <div className="mb-1 flex items-center gap-2 text-xs">
        <h2 className="font-semibold uppercase tracking-wide text-slate-500">Port forward</h2>
        <a href={forwardsHref} className="text-indigo-700 hover:underline">
          all forwards
        </a>
      </div>
      {children}
    </section>
  );
}
