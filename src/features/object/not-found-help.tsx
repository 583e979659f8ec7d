// Under a 404: where an object of this name is (other namespaces the user may list), or, for a resource this
// cluster does not serve, the served ones a typo away.
import { useObjectElsewhere } from '../../data/object-elsewhere';
import { qualifiedName, resourceByGvr, type ResourceIndex } from '../../k8s/discovery/resource-index';
import { similarResources } from '../../k8s/discovery/similar-resources';
import { buildApiPath, collectionPath, gvrOf, toUiPath, type ApiPath } from '../../k8s/paths';

export interface NotFoundHelpProps {
  context: string;
  path: ApiPath;
  index: ResourceIndex | undefined;
}

const linkClass = 'font-mono text-indigo-700 underline-offset-2 hover:underline';

export function NotFoundHelp({ context, path, index }: NotFoundHelpProps) {
  const resource = index ? (resourceByGvr(index, gvrOf(path)) ?? null) : null;
  const elsewhere = useObjectElsewhere(context, resource, path.name, path.namespace);
  if (!index) return null;
  const groupVersion = path.group ? `${path.group}/${path.version}` : path.version;
  if (!resource) {
    const similar = similarResources(index, path.resource).slice(0, 5);
    return (
      <div data-testid="not-found-help" className="mt-2 text-sm text-slate-700">
        This cluster serves no resource <span className="font-mono">{path.resource}</span> in {groupVersion}.
        {similar.length > 0 && (
          <>
            {' '}
            Did you mean{' '}
            {similar.map((r, i) => (
              <span key={qualifiedName(r)}>
                {i > 0 && ', '}
                <a className={linkClass} href={toUiPath(context, collectionPath(r, r.namespaced ? path.namespace : null))}>
                  {qualifiedName(r)}
                </a>
              </span>
            ))}
            ?
          </>
        )}
      </div>
    );
  }
  if (path.name === null || !resource.namespaced) return null;
  if (elsewhere.namespaces.length === 0) {
    return elsewhere.searching ? <p className="mt-2 text-xs text-slate-500">Looking for {path.name} in other namespaces…</p> : null;
  }
  return (
    <div data-testid="not-found-help" className="mt-2 text-sm text-slate-700">
      No {resource.kind} <span className="font-mono">{path.name}</span> in {path.namespace}; there is one in{' '}
      {elsewhere.namespaces.map((ns, i) => (
        <span key={ns}>
          {i > 0 && ', '}
          <a className={linkClass} href={toUiPath(context, buildApiPath({ ...path, namespace: ns, subresource: null }))}>
            {ns}
          </a>
        </span>
      ))}
      .
    </div>
  );
}
