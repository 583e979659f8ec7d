// The object page's "Managed fields" section: who owns which field, folded away until asked for.
import type { KubeObject } from '../../k8s/kube-object';
import { ManagedFieldsView } from './managed-fields-view';

export function ManagedFieldsSection({ object }: { object: KubeObject }) {
  const count = Array.isArray(object.metadata.managedFields) ? object.metadata.managedFields.length : 0;
  return (
    <section aria-label="Managed fields" className="border-b border-slate-200 px-4 py-3">
      <details data-testid="managed-fields-section">
        <summary className="cursor-pointer text-xs font-semibold uppercase tracking-wide text-slate-500">
          Managed fields <span className="font-normal normal-case tracking-normal text-slate-400">({count} {count === 1 ? 'manager' : 'managers'}: who owns which field)</span>
        </summary>
        <div className="mt-2 max-h-80 overflow-auto">
          <ManagedFieldsView object={object} />
        </div>
      </details>
    </section>
  );
}
