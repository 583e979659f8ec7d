// One object, live: header, labels and annotations, owners and references, conditions, events, YAML/JSON.
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { LoadingStatus } from '../../components/ui/loading-status';
import { useKubectlTarget } from '../../data/kubectl-target';
import { useDiscovery } from '../../data/discovery-query';
import { useObjectEvents } from '../../data/object-events';
import { useLiveObject } from '../../data/object-live';
import type { KubeObject } from '../../k8s/kube-object';
import { collectionPath, gvrOf, toUiPath, type ApiPath } from '../../k8s/paths';
import { compareHref } from '../../k8s/compare/compare-link';
import { ConditionsTable, conditionsOf } from './conditions-table';
import { ChildObjects } from './child-objects';
import { ContainerStatusPanel } from './container-status-panel';
import { PodUsage } from './pod-usage';
import { CopyButton } from '../../components/ui/copy-button';
import { EventsTable } from './events-table';
import { kubectlGetCommand } from './kubectl-command';
import { LiveAge } from './live-age';
import { ObjectHealth } from './object-health';
import { MetadataChips } from './metadata-chips';
import { discoveryKindResolver, objectReferences, ownerLinks } from './object-references';
import { managedFieldsCount, objectText, type TextFormat } from './object-text';
import { ObjectTextView } from './object-text-view';
import { RelatedObjects } from './related-objects';
import { NotFoundHelp } from './not-found-help';
import { KubeApiError } from '../../k8s/kube-api-error';
import { WatchStateBadge, type WatchBadgeState } from '../../components/ui/watch-state-badge';
import { SegmentedTabs } from '../../components/ui/segmented-tabs';
import { GatedAction } from '../../components/ui/access-control';
import { useAccess } from '../../data/access-query';
import { attributesFor } from '../../k8s/access/access-review';
import { WarningList } from '../../components/ui/warning-list';

const FORMATS = [['yaml', 'YAML'], ['json', 'JSON']] as const;

const WATCH_TITLES: Record<WatchBadgeState, string> = { live: 'Watching: changes appear as they happen', reconnecting: 'Getting the object or reconnecting the watch', stale: 'Not watching: the content may be out of date' };

export interface ObjectPageProps {
  context: string;
  /** Object API path, e.g. /api/v1/namespaces/default/pods/web-1. */
  apiPath: string;
  path: ApiPath;
  /**
   * Slots the app fills from other features (features never import each other): buttons beside Edit
   * (e.g. Delete), and a section of quick edits under the metadata. Called only while the object exists.
   */
  slots?: ObjectPageSlots;
}

export interface ObjectPageSlots {
  actions?: (object: KubeObject) => ReactNode;
  panels?: (object: KubeObject) => ReactNode;
}

function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section aria-label={title} data-testid={testId} className="border-b border-slate-200 px-4 py-3">
      {children}
    </section>
  );
}

export function ObjectPage({ context, apiPath, path, slots }: ObjectPageProps) {
  const { query, watchState, problem, retry } = useLiveObject({ context, path: apiPath });
  const discovery = useDiscovery(context);
  const index = discovery.data?.index;
  const resolve = useMemo(() => discoveryKindResolver(index), [index]);
  const [format, setFormat] = useState<TextFormat>('yaml');
  const kubectlTarget = useKubectlTarget(context);
  const kubectlCommand = kubectlTarget ? kubectlGetCommand(kubectlTarget, path) : '';
  const [showManagedFields, setShowManagedFields] = useState(false);

  const data = query.data;
  const object = data?.object;
  const name = path.name ?? '';
  const updateAccess = useAccess(context, object ? attributesFor(path, 'update') : null);
  const uid = object?.metadata.uid;
  const events = useObjectEvents(uid ? { context, namespace: path.namespace, name, uid } : null);

  const text = useMemo(() => (object ? objectText(object, format, showManagedFields) : ''), [object, format, showManagedFields]);
  const owners = useMemo(() => (object ? ownerLinks(object, resolve) : []), [object, resolve]);
  const references = useMemo(() => (object ? objectReferences(object) : []), [object]);
  const conditions = conditionsOf(object?.status);
  const managedCount = object ? managedFieldsCount(object) : 0;

  const kind = object?.kind ?? index?.byGvr.get(`${path.group}/${path.version}/${path.resource}`)?.kind ?? path.resource;
  const listPath = toUiPath(context, collectionPath(gvrOf(path), path.namespace));
  const error = query.error ?? problem;

  useEffect(() => {
    document.title = `${name} · ${kind} · ${context} — Kubeglass`;
  }, [name, kind, context]);

  return (
    <article aria-labelledby="object-title" className="flex h-full min-h-0 flex-col">
      <header className="flex min-h-11 shrink-0 flex-wrap items-center gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2">
        <span className="rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-slate-600" data-testid="object-kind">
          {kind}
        </span>
        <h1 id="object-title" className="font-mono text-sm font-semibold text-slate-900" data-testid="object-name">
          {name}
        </h1>
        {path.namespace !== null && (
          <span className="text-xs text-slate-500">
            in{' '}
            <a href={listPath} className="text-indigo-700 hover:underline" data-testid="object-namespace" title={`All ${path.resource} in ${path.namespace}`}>
              {path.namespace}
            </a>
          </span>
        )}
        {path.namespace === null && (
          <a href={listPath} className="text-xs text-indigo-700 hover:underline" title={`All ${path.resource}`}>
            {path.resource}
          </a>
        )}
        {object && !data?.deleted && <ObjectHealth context={context} apiPath={apiPath} path={path} object={object} />}
        {object && (
          <span className="text-xs text-slate-500">
            age <LiveAge timestamp={object.metadata.creationTimestamp} testId="object-age" />
          </span>
        )}
        <div className="ml-auto flex items-center gap-2">
          <WatchStateBadge state={data?.deleted ? 'stale' : watchState} titles={WATCH_TITLES} />
          {object && !data?.deleted && path.subresource === null && (
            <GatedAction
              access={updateAccess}
              action={`update ${path.resource} "${name}"`}
              href={`${toUiPath(context, apiPath)}?edit=1`}
              className="rounded border border-indigo-300 bg-white px-2 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
              testId="edit-link"
            >
              Edit
            </GatedAction>
          )}
          {object && !data?.deleted && slots?.actions?.(object)}
          {path.subresource === null && (
            <a
              href={compareHref(context, { left: toUiPath(context, apiPath), right: null, everything: false })}
              data-testid="compare-link"
              title="Compare with the same object in another context or namespace, or with another of its kind"
              className="rounded border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-50"
            >
              Compare…
            </a>
          )}
          <CopyButton label="Copy API path" text={() => apiPath} title={apiPath} testId="copy-api-path" />
          <CopyButton label="Copy kubectl" text={() => kubectlCommand} title={kubectlCommand} testId="copy-kubectl" />
        </div>
      </header>

      {data?.deleted && (
        <div role="status" data-testid="object-deleted" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
          <span className="font-semibold">Deleted on the server.</span> This is the last content Kubeglass saw; it no longer changes.
        </div>
      )}

      {data && <WarningList warnings={data.warnings} testId="api-warnings" />}

      <div className="min-h-0 flex-1 overflow-auto">
        {error !== null && error !== undefined && (
          <div className="p-4">
            <KubeErrorPanel error={error} title={query.error ? `Getting ${path.resource} ${name}` : `Watching ${path.resource} ${name}`} onRetry={retry} />
            {error instanceof KubeApiError && error.code === 404 && <NotFoundHelp context={context} path={path} index={index} />}
          </div>
        )}
        {!data && !error && <LoadingStatus what={name} />}
        {object && (
          <>
            <Section title="Metadata">
              <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
                <div className="min-w-0 space-y-3">
                  <MetadataChips title="Labels" entries={object.metadata.labels} testId="label-chip" />
                  <MetadataChips title="Annotations" entries={object.metadata.annotations} testId="annotation-chip" />
                </div>
                <div className="min-w-0">
                  {owners.length + references.length > 0 ? (
                    <RelatedObjects context={context} owners={owners} references={references} />
                  ) : (
                    <p className="text-xs text-slate-400">No owners or references.</p>
                  )}
                </div>
              </div>
            </Section>
            {!data?.deleted && slots?.panels?.(object)}
            {path.group === '' && path.resource === 'pods' && path.subresource === null && <ContainerStatusPanel pod={object} />}
            {path.group === '' && path.resource === 'pods' && path.subresource === null && <PodUsage context={context} pod={object} />}
            {!data?.deleted && <ChildObjects context={context} path={path} object={object} />}
            {conditions.length > 0 && (
              <Section title="Conditions">
                <ConditionsTable conditions={conditions} />
              </Section>
            )}
            <Section title="Events" testId="events-section">
              <div className="mb-1 flex items-center gap-2">
                <h2 className="text-xs font-semibold uppercase tracking-wide text-slate-500">Events</h2>
                {events.query.data?.filter === 'client' && (
                  <span className="text-[11px] text-slate-400" title="The server does not support involvedObject field selectors on events">
                    filtered in the browser
                  </span>
                )}
              </div>
              {events.query.error ? (
                <KubeErrorPanel error={events.query.error} title="Listing events" />
              ) : events.query.data ? (
                <EventsTable events={events.query.data.items} />
              ) : (
                <p className="text-xs text-slate-400">Loading events…</p>
              )}
            </Section>
            <section aria-label="Object content" className="px-4 py-3">
              <div className="mb-2 flex flex-wrap items-center gap-2">
                <SegmentedTabs label="Format" options={FORMATS} value={format} onChange={setFormat} />
                {managedCount > 0 && (
                  <label className="inline-flex items-center gap-1.5 text-xs text-slate-600">
                    <input type="checkbox" checked={showManagedFields} onChange={(e) => setShowManagedFields(e.target.checked)} />
                    Show managedFields <span className="text-slate-400">({managedCount})</span>
                  </label>
                )}
                <div className="ml-auto">
                  <CopyButton label={`Copy ${format.toUpperCase()}`} text={() => text} testId="copy-text" />
                </div>
              </div>
              <ObjectTextView text={text} language={format} label={`${format.toUpperCase()} of ${kind} ${name}`} />
            </section>
          </>
        )}
      </div>
    </article>
  );
}
