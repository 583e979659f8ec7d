import type { Gvr } from '../../k8s/discovery/gvr';
import { collectionPath, isKnownClusterScoped, toUiPath } from '../../k8s/paths';

interface NavItem {
  label: string;
  gvr: Gvr;
}

interface NavSection {
  title: string;
  items: NavItem[];
}

// A fixed starter set; discovery-driven navigation replaces it.
const SECTIONS: NavSection[] = [
  { title: 'Workloads', items: [{ label: 'Pods', gvr: { group: '', version: 'v1', resource: 'pods' } }] },
  { title: 'Config', items: [{ label: 'ConfigMaps', gvr: { group: '', version: 'v1', resource: 'configmaps' } }] },
  { title: 'Cluster', items: [{ label: 'Namespaces', gvr: { group: '', version: 'v1', resource: 'namespaces' } }] },
];

export interface SideNavProps {
  context: string;
  /** Namespace namespaced links go to; null = all namespaces. */
  namespace: string | null;
  /** The resource on screen, to mark its link. */
  active: Gvr | null;
}

function same(a: Gvr, b: Gvr | null): boolean {
  return b !== null && a.group === b.group && a.resource === b.resource;
}

export function SideNav({ context, namespace, active }: SideNavProps) {
  return (
    <nav aria-label="Resources" className="w-48 shrink-0 overflow-y-auto border-r border-slate-200 bg-slate-50/60 px-2 py-3">
      {SECTIONS.map((section) => (
        <div key={section.title} className="mb-4">
          <h2 className="px-2 pb-1 text-[11px] font-medium tracking-wide text-slate-400">{section.title}</h2>
          <ul>
            {section.items.map((item) => {
              const href = toUiPath(context, collectionPath(item.gvr, isKnownClusterScoped(item.gvr) ? null : namespace));
              const current = same(item.gvr, active);
              return (
                <li key={item.label}>
                  <a
                    href={href}
                    aria-current={current ? 'page' : undefined}
                    className={`block rounded px-2 py-1 text-[13px] ${
                      current ? 'bg-white font-medium text-indigo-700 shadow-sm ring-1 ring-slate-200' : 'text-slate-700 hover:bg-slate-100'
                    }`}
                  >
                    {item.label}
                  </a>
                </li>
              );
            })}
          </ul>
        </div>
      ))}
    </nav>
  );
}
