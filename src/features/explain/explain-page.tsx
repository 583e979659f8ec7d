// The API's own reference for one resource type and field, like `kubectl explain`, from discovery and the
// cluster's OpenAPI (v3 per group-version, v2 on servers without it).
import { useQuery } from '@tanstack/react-query';
import { useMemo, useRef, useState } from 'react';
import { useDiscovery } from '../../data/discovery-query';
import { explainSchemaQueryOptions } from '../../data/explain-query';
import { qualifiedName } from '../../k8s/discovery/resource-index';
import type { ApiResource } from '../../k8s/discovery/types';
import { buildExplainModel, type ExplainModel } from '../../k8s/openapi/explain-model';
import { explainHref, parseExplainSearch, resolveExplainTarget, resourceVersions } from '../../k8s/openapi/explain-target';
import type { Definitions, KindSchema } from '../../k8s/openapi';
import { LoadingStatus } from '../../components/ui/loading-status';
import { ExplainHeader } from './explain-header';
import { FieldFacts } from './field-facts';
import { FieldSearch } from './field-search';
import { FieldTree } from './field-tree';

export interface ExplainPageProps {
  context: string;
  /** The URL's query: resource=deployments.apps&field=spec.strategy&version=v1. */
  search: string;
}

const NOTICE = 'rounded border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900';

export function ExplainPage({ context, search }: ExplainPageProps) {
  const target = useMemo(() => parseExplainSearch(search), [search]);
  const discovery = useDiscovery(context);
  if (!target) {
    return (
      <Shell>
        <p className={NOTICE} role="alert" data-testid="explain-error">
          Name a resource type to explain: <span className="font-mono">?resource=deployments.apps&amp;field=spec.strategy</span>, or type{' '}
          <span className="font-mono">explain deploy.spec</span> in the command palette (Ctrl K).
        </p>
      </Shell>
    );
  }
  if (discovery.isPending) return <Shell><LoadingStatus what="discovery" /></Shell>;
  if (discovery.isError) {
    return (
      <Shell>
        <p className={NOTICE} role="alert" data-testid="explain-error">Discovery failed: {discovery.error.message}</p>
      </Shell>
    );
  }
  const { index } = discovery.data;
  const resolution = resolveExplainTarget(index, target);
  if (!resolution.found) {
    return (
      <Shell>
        <div className={NOTICE} role="alert" data-testid="explain-error">
          <p>Explain: {resolution.message}.</p>
          <Suggestions label="Did you mean" items={resolution.suggestions.map((r) => ({ key: `${r.groupVersion}/${r.resource}`, text: `${qualifiedName(r)} (${r.groupVersion})`, href: explainHref(context, { resource: qualifiedName(r), field: target.field, version: target.version ? r.version : null }) }))} />
        </div>
      </Shell>
    );
  }
  return (
    <ResourceExplain
      key={`${resolution.resource.groupVersion}/${resolution.resource.resource}`}
      context={context}
      resource={resolution.resource}
      versions={resourceVersions(index, resolution.resource)}
      field={resolution.field}
      versionAsked={target.version}
    />
  );
}

interface ResourceExplainProps {
  context: string;
  resource: ApiResource;
  versions: ApiResource[];
  field: string[];
  versionAsked: string | null;
}

function ResourceExplain({ context, resource, versions, field, versionAsked }: ResourceExplainProps) {
  const schema = useQuery(explainSchemaQueryOptions(context, resource));
  const name = qualifiedName(resource);
  const hrefOf = (path: readonly string[]) => explainHref(context, { resource: name, field: path, version: versionAsked });
  return (
    <Shell>
      <ExplainHeader
        context={context}
        resource={resource}
        versions={versions}
        source={schema.data?.source ?? null}
        hrefOfVersion={(version) => explainHref(context, { resource: name, field, version })}
      />
      {schema.isPending && <LoadingStatus what={`the OpenAPI schema of ${resource.kind}`} />}
      {schema.isError && (
        <p className={NOTICE} role="alert" data-testid="explain-error">
          No schema for {resource.kind} ({resource.groupVersion}): {schema.error.message}
        </p>
      )}
      {schema.data && <SchemaExplain schema={schema.data} kind={resource.kind} field={field} hrefOf={hrefOf} />}
    </Shell>
  );
}

function modelOf(schema: KindSchema): ExplainModel {
  const defs = (schema.jsonSchema.definitions ?? {}) as Definitions;
  return buildExplainModel(defs, '#/definitions/', schema.definitionName);
}

function SchemaExplain({ schema, kind, field, hrefOf }: { schema: KindSchema; kind: string; field: string[]; hrefOf: (path: readonly string[]) => string }) {
  const model = useMemo(() => modelOf(schema), [schema]);
  const [query, setQuery] = useState('');
  const treeBox = useRef<HTMLDivElement>(null);
  const resolved = model.resolve(field);
  const shown = resolved.field ?? model.field(resolved.parentPath) ?? model.root;
  // Enter on a tree row follows its link through the app's link handling.
  const open = (href: string) => [...(treeBox.current?.querySelectorAll('a') ?? [])].find((a) => a.getAttribute('href') === href)?.click();
  return (
    <>
      {resolved.missing !== null && (
        <div className={NOTICE} role="alert" data-testid="explain-error">
          <p>
            Field “{resolved.missing}” does not exist in{' '}
            <span className="font-mono">{[kind, ...resolved.parentPath].join('.')}</span>.
          </p>
          <Suggestions
            label={resolved.suggestions.length > 0 ? 'Did you mean' : 'It has no field like that'}
            items={resolved.suggestions.map((s) => ({ key: s, text: [...resolved.parentPath, s].join('.'), href: hrefOf([...resolved.parentPath, s]) }))}
          />
        </div>
      )}
      <FieldFacts field={shown} kind={kind} />
      <FieldSearch model={model} query={query} onQueryChange={setQuery} hrefOf={hrefOf} />
      {!query.trim() && (
        <div ref={treeBox} className="rounded border border-slate-200 bg-white px-2">
          <FieldTree model={model} selected={resolved.field ? field : resolved.parentPath} hrefOf={hrefOf} onOpen={open} />
        </div>
      )}
    </>
  );
}

function Suggestions({ label, items }: { label: string; items: Array<{ key: string; text: string; href: string }> }) {
  if (items.length === 0) return <p className="mt-1 text-xs">{label}.</p>;
  return (
    <p className="mt-1 flex flex-wrap items-baseline gap-2 text-xs" data-testid="explain-suggestions">
      {label}:
      {items.map((item) => (
        <a key={item.key} href={item.href} className="font-mono text-indigo-700 underline">
          {item.text}
        </a>
      ))}
    </p>
  );
}

/** Fills the main area and scrolls inside it, so the app's header and navigator stay in view. */
function Shell({ children }: { children: React.ReactNode }) {
  return (
    <div data-testid="explain-page" className="h-full overflow-y-auto">
      <div className="mx-auto max-w-6xl space-y-3 p-4">{children}</div>
    </div>
  );
}
