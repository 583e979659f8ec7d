import { toUiPath } from '../../k8s/paths';
import type { ObjectReference, OwnerLink } from './object-references';

export interface RelatedObjectsProps {
  context: string;
  owners: OwnerLink[];
  references: ObjectReference[];
}

const linkClass = 'font-mono text-[12px] text-indigo-700 hover:underline';

/** Owners (metadata.ownerReferences) and the objects the spec names, as links to their object views. */
export function RelatedObjects({ context, owners, references }: RelatedObjectsProps) {
  return (
    <div className="space-y-3">
      {owners.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Owners</h3>
          <ul data-testid="owner-references" className="mt-1 space-y-0.5">
            {owners.map((o) => (
              <li key={`${o.apiVersion}/${o.kind}/${o.name}`} className="text-[13px]">
                <span className="text-slate-500">{o.kind} </span>
                {o.apiPath ? (
                  <a href={toUiPath(context, o.apiPath)} className={linkClass} data-testid="owner-link">
                    {o.name}
                  </a>
                ) : (
                  <span className="font-mono text-[12px]" title={`${o.apiVersion} ${o.kind} is not served by this cluster's discovery`}>
                    {o.name}
                  </span>
                )}
                {o.controller && <span className="ml-1 text-xs text-slate-400">(controller)</span>}
              </li>
            ))}
          </ul>
        </div>
      )}
      {references.length > 0 && (
        <div>
          <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">References</h3>
          <ul data-testid="object-references" className="mt-1 space-y-0.5">
            {references.map((r) => (
              <li key={r.apiPath} className="text-[13px]">
                <span className="text-slate-500">{r.kind} </span>
                <a href={toUiPath(context, r.apiPath)} className={linkClass} data-testid="reference-link" title={r.fields.join('\n')}>
                  {r.name}
                </a>
                <span className="ml-2 truncate font-mono text-[11px] text-slate-400">{r.fields[0]}{r.fields.length > 1 ? ` +${r.fields.length - 1}` : ''}</span>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
