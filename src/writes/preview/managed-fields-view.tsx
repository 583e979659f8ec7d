// Who owns which field of an object: one row per managedFields entry.
import type { KubeObject } from '../../k8s/kube-object';
import { parseManagedFields } from './managed-fields';

export interface ManagedFieldsViewProps {
  object: KubeObject;
}

export function ManagedFieldsView({ object }: ManagedFieldsViewProps) {
  const managers = parseManagedFields(object);
  if (managers.length === 0) {
    return (
      <p data-testid="managed-fields" className="text-xs text-slate-500">
        This object has no managedFields: the server records no field owners for it.
      </p>
    );
  }
  return (
    <table data-testid="managed-fields" aria-label="Managed fields" className="w-full text-left align-top text-xs">
      <thead>
        <tr className="text-slate-500">
          <th scope="col" className="py-1 pr-3 font-medium">Manager</th>
          <th scope="col" className="py-1 pr-3 font-medium">Operation</th>
          <th scope="col" className="py-1 pr-3 font-medium">API version</th>
          <th scope="col" className="py-1 pr-3 font-medium">Time</th>
          <th scope="col" className="py-1 font-medium">Fields</th>
        </tr>
      </thead>
      <tbody>
        {managers.map((m, i) => (
          <tr key={i} className="border-t border-slate-200 align-top">
            <td className="py-1 pr-3 font-mono font-semibold text-slate-800">{m.manager || '(no name)'}</td>
            <td className="py-1 pr-3">
              {m.operation}
              {m.subresource && <span className="text-slate-500"> /{m.subresource}</span>}
            </td>
            <td className="py-1 pr-3 font-mono">{m.apiVersion}</td>
            <td className="whitespace-nowrap py-1 pr-3 font-mono">{m.time}</td>
            <td className="py-1">
              <ul className="flex flex-wrap gap-1">
                {m.fields.map((f) => (
                  <li key={f} className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[11px] text-slate-700">
                    {f}
                  </li>
                ))}
              </ul>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
