// An object's children as live lists (the same list + watch as the resource table): names linked to their pages,
// with the server's status cells (a Pod's Status and Ready, a ReplicaSet's revision and Ready).
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { useDiscovery } from '../../data/discovery-query';
import { useLiveTable } from '../../data/use-live-table';
import type { KubeObject } from '../../k8s/kube-object';
import { buildApiPath, parseApiPath, toUiPath, type ApiPath } from '../../k8s/paths';
import { rowMetadata, type Table, type TableRow } from '../../k8s/table';
import { childLists, type ChildList } from './child-lists';

const REVISION = 'deployment.kubernetes.io/revision';
/** Server Table columns worth repeating beside each child's name. */
const CELLS: Record<ChildList['show'], string[]> = { pods: ['Ready', 'Status', 'Restarts', 'Node'], replicasets: ['Desired', 'Current', 'Ready'], endpointslices: ['Ports', 'Endpoints'] };

function isControlledBy(row: TableRow, uid: string | undefined): boolean {
  if (!uid) return true;
  const owners = rowMetadata(row).ownerReferences;
  return Array.isArray(owners) && owners.some((o: unknown) => typeof o === 'object' && o !== null && (o as { controller?: unknown }).controller === true && (o as { uid?: unknown }).uid === uid);
}

function cellsOf(table: Table, row: TableRow, names: string[]): string[] {
  return names.flatMap((n) => {
    const i = table.columnDefinitions.findIndex((c) => c.name === n);
    const v = i < 0 ? undefined : row.cells[i];
    return v === undefined || v === null || v === '' ? [] : [`${n} ${String(v)}`];
  });
}

function ChildListView({ context, list }: { context: string; list: ChildList }) {
  const collection = parseApiPath(list.path);
  const { query } = useLiveTable({ context, path: list.path, labelSelector: list.labelSelector, fieldSelector: list.fieldSelector });
  const table = query.data?.table;
  const rows = (table?.rows ?? []).filter((r) => isControlledBy(r, list.controllerUid));
  if (list.show === 'replicasets') {
    // Newest revision first, as `kubectl rollout history` reads them.
    rows.sort((a, b) => Number(rowMetadata(b).annotations?.[REVISION] ?? 0) - Number(rowMetadata(a).annotations?.[REVISION] ?? 0));
  }
  return (
    <div data-testid="child-list" data-title={list.title}>
      <h3 className="text-xs font-semibold uppercase tracking-wide text-slate-500">
        {list.title} <span className="font-normal normal-case text-slate-400">{table ? rows.length : '…'}</span>
      </h3>
      {query.error ? (
        <KubeErrorPanel error={query.error} title={`Listing ${list.title.toLowerCase()}`} />
      ) : (
        <ul className="mt-1 space-y-0.5">
          {table &&
            rows.map((row) => {
              const meta = rowMetadata(row);
              const name = meta.name ?? '';
              const ns = meta.namespace ?? null;
              const objectPath = collection ? buildApiPath({ ...collection, namespace: ns, name }) : `${list.path}/${name}`;
              const revision = meta.annotations?.[REVISION];
              return (
                <li key={`${ns ?? ''}/${name}`} className="flex flex-wrap items-baseline gap-x-2 text-[13px]" data-testid="child-row" data-name={name}>
                  <a href={toUiPath(context, objectPath)} className="font-mono text-[12px] text-indigo-700 hover:underline">
                    {name}
                  </a>
                  {list.fieldSelector && ns && <span className="text-[11px] text-slate-400">in {ns}</span>}
                  {revision && <span className="rounded bg-slate-100 px-1 text-[11px] text-slate-600" data-testid="child-revision">revision {revision}</span>}
                  <span className="text-[11px] text-slate-500">{cellsOf(table, row, CELLS[list.show]).join(' · ')}</span>
                </li>
              );
            })}
          {table && rows.length === 0 && <li className="text-xs text-slate-400">None.</li>}
        </ul>
      )}
    </div>
  );
}

/** Nothing for kinds without children. */
export function ChildObjects({ context, path, object }: { context: string; path: ApiPath; object: KubeObject }) {
  const index = useDiscovery(context).data?.index;
  const lists = childLists(path, object, index);
  if (lists.length === 0) return null;
  return (
    <section aria-label="Children" className="border-b border-slate-200 px-4 py-3" data-testid="children-section">
      <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
        {lists.map((l) => (
          <ChildListView key={`${l.title}${l.path}`} context={context} list={l} />
        ))}
      </div>
    </section>
  );
}
