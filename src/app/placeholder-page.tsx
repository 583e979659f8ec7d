import type { ReactNode } from 'react';

/** A page this slice does not build yet, or a URL that names nothing. */
export function PlaceholderPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="p-6">
      <h1 className="text-sm font-semibold text-slate-900">{title}</h1>
      <div className="mt-2 text-sm text-slate-600">{children}</div>
    </section>
  );
}
