// A collection as the server prints it (Table), kept live by a watch; sorted, filtered and selected by the URL.
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { LoadingStatus } from '../../components/ui/loading-status';
import { useDiscovery } from '../../data/discovery-query';
import type { LiveTableData } from '../../data/table-query';
import { useLiveTable } from '../../data/use-live-table';
import { qualifiedName, resourceByGvr } from '../../k8s/discovery/resource-index';
import { explainHref } from '../../k8s/openapi/explain-target';
import { compareHref } from '../../k8s/compare/compare-link';
import { gvrOf, toUiPath, type ApiPath } from '../../k8s/paths';
import { healthRuleOf } from '../../k8s/row-health';
import { nameColumnIndex, rowName, type TableRow } from '../../k8s/table';
import { ColumnStats, parseLongestKey } from './column-stats';
import { columnWidths } from './column-widths';
import { APPLIED_SELECTORS_CLASS, FILTER_INPUT_CLASS, FILTER_LABEL_CLASS, FILTER_PLACEHOLDER, GROUP_VERSION_CLASS, groupVersionOf, rowKeyOf, rowUiPath, LIST_HEADER_CLASS, LIST_SECTION_CLASS, LIST_TITLE_CLASS, ROW_COUNT_CLASS, rowCountText, SCOPE_CLASS, scopeLabel, TOOLBAR_CLASS } from './list-look';
import { RowFilter } from './filter-rows';
import { LoadingMore } from './loading-more';
import { formatListView, nextSort, parseListView, type ListViewState } from './list-view-state';
import { ResourceTable } from './resource-table';
import { SelectorBar } from './selector-bar';
import { useMemoCall } from './use-memo-call';
import { RowSorter, sortKindOf, type SortSpec } from './sort-rows';
import { parseNumericCellKey, visibleColumns, type VisibleColumn } from './visible-columns';
import { WatchStateBadge, type WatchBadgeState } from '../../components/ui/watch-state-badge';
import { GatedAction } from '../../components/ui/access-control';
import { useAccess } from '../../data/access-query';
import { attributesFor } from '../../k8s/access/access-review';
import { isTypingTarget } from '../../components/ui/typing-target';
import { WarningList } from '../../components/ui/warning-list';
import { useMetricsCells } from '../../data/metrics-list-query';
import { metricsListPath } from '../../k8s/metrics-columns';
import { metricSortKey, metricsOfRow, withLogsColumn, withMetricsColumns } from './extra-columns';
import { MarkedRowsBar, type MarkedRowsActions } from './marked-rows-bar';
import { useRowMarks } from './use-row-marks';

const WATCH_TITLES: Record<WatchBadgeState, string> = { live: 'Watching: changes appear as they happen', reconnecting: 'Listing or reconnecting the watch', stale: 'Not watching: rows may be out of date' };

export interface ResourceListPageProps {
  context: string;
  /** Collection API path, e.g. /api/v1/namespaces/default/pods. */
  apiPath: string;
  path: ApiPath;
  /** The URL query string: selectors, wide, sort, filter (see list-view-state). */
  search: string;
  /** Goes to a same-origin URL (the router's navigate). */
  onNavigate: (to: string, options?: { replace?: boolean }) => void;
  /** What may be done with marked rows; rows are offered for marking where the resource is deletable. */
  markedRowsActions?: (list: { path: ApiPath; namespaced: boolean; nameOf: (row: TableRow) => string }) => MarkedRowsActions;
}

const NO_ROWS: readonly TableRow[] = [];

// Row-array work runs through useMemoCall so no closure of the page holds a rows array (see use-memo-call).
const columnFactsOf = (stats: ColumnStats, rows: readonly TableRow[], columnCount: number) => stats.update(rows, columnCount);
const sortedRows = (sorter: RowSorter, rows: readonly TableRow[], spec: SortSpec | null, nameIndex: number) => sorter.sort(rows, spec, nameIndex);
const filteredRows = (filter: RowFilter, rows: readonly TableRow[], columns: readonly VisibleColumn[], text: string) => filter.filter(rows, columns, text);



/** The last defined value: rows stay on screen while a new selector lists or after it fails. */
function useKept(data: LiveTableData | undefined): LiveTableData | undefined {
  const [kept, setKept] = useState(data);
  if (data !== undefined && data !== kept) setKept(data);
  return data ?? kept;
}


export function ResourceListPage({ context, apiPath, path, search, onNavigate, markedRowsActions }: ResourceListPageProps) {
  const view = useMemo(() => parseListView(search), [search]);
  const { labelSelector, fieldSelector } = view;
  const { query, watchState, problem, retry } = useLiveTable({
    context,
    path: apiPath,
    labelSelector: labelSelector || undefined,
    fieldSelector: fieldSelector || undefined,
  });
  const data = useKept(query.data);
  const showingPrevious = query.data === undefined && data !== undefined;
  const table = data?.table;
  const rows = table?.rows ?? NO_ROWS;
  const definitions = table?.columnDefinitions;
  const discoveryIndex = useDiscovery(context).data?.index;
  const served = discoveryIndex ? resourceByGvr(discoveryIndex, gvrOf(path)) : undefined;
  // Discovery says whether the type is namespaced; rows only hint at it, and a failed list has none.
  const namespaced = path.namespace !== null || (served?.namespaced ?? rows.some((row) => Boolean(row.object?.metadata.namespace)));
  const showNamespace = path.namespace === null && namespaced;
  const groupVersion = groupVersionOf(path);
  const scope = scopeLabel(path, namespaced);
  const error = query.error ?? problem;
  const filterRef = useRef<HTMLInputElement>(null);
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const canCreate = served?.verbs.includes('create') ?? false;
  const canDelete = markedRowsActions !== undefined && (served?.verbs.includes('delete') ?? false);
  const createAccess = useAccess(context, served && canCreate ? attributesFor(path, 'create', { namespaced: served.namespaced }) : null);
  const isPods = path.group === '' && path.resource === 'pods';
  const rule = healthRuleOf(path.group, path.resource);
  const healthRule = useMemo(() => (rule && definitions ? { rule, definitions } : undefined), [rule, definitions]);
  // Metrics only where discovery lists them, and only once every page is in: their request and parse (as long as the
  // list's for 50k pods) never compete with the list's pages.
  const metricsPath = metricsListPath(path.resource, path.group, path.namespace);
  const metricsServed = metricsPath !== null && (discoveryIndex?.byGvr.has(`metrics.k8s.io/v1beta1/${path.resource}`) ?? false);
  const metricsCells = useMetricsCells(context, metricsServed && data?.complete ? metricsPath : null);
  const hasMetrics = metricsCells !== undefined;

  const setView = useCallback(
    (change: Partial<ListViewState>, options: { replace?: boolean } = { replace: true }) => {
      onNavigate(`${toUiPath(context, apiPath)}${formatListView({ ...view, ...change })}`, options);
    },
    [onNavigate, context, apiPath, view],
  );

  // Columns: numeric-looking string columns right-align, widths follow the longest text; both are gathered
  // once per row object and recomputed only when their keys change, not on every page or watch frame.
  const [columnStats] = useState(() => new ColumnStats());
  const { numericKey, longestKey } = useMemoCall(columnFactsOf, columnStats, rows, definitions?.length ?? 0);
  const columns = useMemo(() => {
    const fromTable = visibleColumns(definitions ?? [], { wide: view.wide, showNamespace, numericCells: parseNumericCellKey(numericKey) });
    const withMetrics = hasMetrics ? withMetricsColumns(fromTable) : fromTable;
    return isPods ? withLogsColumn(withMetrics) : withMetrics;
  }, [definitions, view.wide, showNamespace, numericKey, hasMetrics, isPods]);
  const widths = useMemo(() => columnWidths(columns, parseLongestKey(longestKey)), [columns, longestKey]);

  // Sort, then filter: both keep per-row caches, so a watch frame costs a merge and one pass.
  const [sorter] = useState(() => new RowSorter());
  const [rowFilter] = useState(() => new RowFilter());
  const sortColumn = view.sort === null ? undefined : columns.find((c) => c.title === view.sort);
  const sortType = sortColumn && sortColumn.cellIndex >= 0 ? definitions?.[sortColumn.cellIndex]?.type : undefined;
  const nameIndex = definitions ? nameColumnIndex(definitions) : 0;
  const nameOf = useCallback((row: TableRow) => rowName(row, definitions ?? []), [definitions]);
  const metricsOf = useMemo(
    () => (metricsCells ? (row: TableRow, name: string) => metricsOfRow(metricsCells, row, name) : undefined),
    [metricsCells],
  );
  const metric = sortColumn?.metric;
  const metricKeyOf = useMemo(
    () => (metricsOf && metric !== undefined ? (row: TableRow) => metricSortKey(metricsOf(row, nameOf(row))[metric]) : undefined),
    [metricsOf, metric, nameOf],
  );
  const spec = useMemo<SortSpec | null>(
    () => (sortColumn && !sortColumn.logs ? { column: sortColumn, kind: sortKindOf(sortColumn, sortType), desc: view.desc, keyOf: metricKeyOf } : null),
    [sortColumn, sortType, view.desc, metricKeyOf],
  );
  const sorted = useMemoCall(sortedRows, sorter, rows, spec, nameIndex);
  const filterText = useDeferredValue(view.filter);
  const displayed = useMemoCall(filteredRows, rowFilter, sorted, columns, filterText);

  const keyOf = useCallback((row: TableRow) => rowKeyOf(row, nameOf(row)), [nameOf]);
  const marks = useRowMarks(displayed, keyOf);
  const hrefOf = useCallback((row: TableRow) => rowUiPath(context, path, row, nameOf(row), null), [context, path, nameOf]);
  const logsHrefOf = useCallback((row: TableRow) => rowUiPath(context, path, row, nameOf(row), 'log'), [context, path, nameOf]);
  const openRow = useCallback((row: TableRow) => onNavigate(hrefOf(row)), [onNavigate, hrefOf]);
  const onSort = useCallback((column: string) => setView(nextSort(view, column)), [setView, view]);

  useEffect(() => {
    document.title = `${path.resource} · ${path.namespace ?? (namespaced ? 'all' : 'cluster')} · ${context} — Kubeglass`;
  }, [path.resource, path.namespace, namespaced, context]);

  // "/" jumps to the filter, as in many list UIs (never while typing elsewhere).
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== '/' || event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) return;
      event.preventDefault();
      filterRef.current?.focus();
      filterRef.current?.select();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);

  const total = rows.length;

  return (
    <section aria-labelledby="resource-list-title" className={LIST_SECTION_CLASS}>
      <header className={LIST_HEADER_CLASS}>
        <h1 id="resource-list-title" className={LIST_TITLE_CLASS}>
          {path.resource}
        </h1>
        <span className={GROUP_VERSION_CLASS}>{groupVersion}</span>
        <span className={SCOPE_CLASS} data-testid="list-scope">
          {scope}
        </span>
        {(labelSelector || fieldSelector) && (
          <span className={APPLIED_SELECTORS_CLASS} data-testid="applied-selectors">
            {[labelSelector, fieldSelector].filter(Boolean).join(' · ')}
          </span>
        )}
        {data && (
          <span className={ROW_COUNT_CLASS} data-testid="row-count">
            {rowCountText(displayed.length, total)}
          </span>
        )}
        {data && !data.complete && <LoadingMore rows={total} remainingItemCount={data.remainingItemCount} />}
        {showingPrevious && !error && (
          <span role="status" data-testid="relisting" className="text-xs text-slate-500">
            listing with the new selectors…
          </span>
        )}
        <div className="ml-auto flex items-center gap-2">
          <WatchStateBadge state={watchState} titles={WATCH_TITLES} />
          <a
            href={explainHref(context, { resource: qualifiedName(path), version: path.version })}
            data-testid="explain-link"
            title={`What the API says about ${path.resource}: versions, verbs and every field`}
            className="rounded border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-50"
          >
            Explain
          </a>
          <a
            href={compareHref(context, { left: toUiPath(context, apiPath), right: null, everything: false })}
            data-testid="compare-list-link"
            title={`Compare these ${path.resource} with those of another context or namespace`}
            className="rounded border border-slate-200 px-2 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-50"
          >
            Compare…
          </a>
          <button
            type="button"
            aria-pressed={view.wide}
            data-testid="wide-toggle"
            onClick={() => setView({ wide: !view.wide })}
            title="Show the columns kubectl prints with -o wide"
            className={`rounded border px-2 py-0.5 text-xs font-medium ${
              view.wide ? 'border-indigo-300 bg-indigo-50 text-indigo-700' : 'border-slate-200 text-slate-600 hover:bg-slate-50'
            }`}
          >
            Wide
          </button>
          {canDelete && (
            <button
              type="button"
              aria-pressed={marks.shown}
              data-testid="select-toggle"
              onClick={() => marks.setShown(!marks.shown)}
              title={`Mark ${path.resource} to delete several at once (Space marks the selected row)`}
              className={`rounded border px-2 py-0.5 text-xs font-medium ${
                marks.shown ? 'border-indigo-300 bg-indigo-50 text-indigo-700' : 'border-slate-200 text-slate-600 hover:bg-slate-50'
              }`}
            >
              Select
            </button>
          )}
          {canCreate && (
            <GatedAction
              access={createAccess}
              action={`create ${path.resource}`}
              href={`${toUiPath(context, apiPath)}?create=1`}
              testId="create-link"
              title={`Create ${path.resource} from YAML`}
              className="rounded border border-indigo-300 bg-white px-2 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-50"
            >
              Create
            </GatedAction>
          )}
        </div>
      </header>

      <div className={TOOLBAR_CLASS}>
        <label className={FILTER_LABEL_CLASS}>
          <span className="sr-only">Filter rows</span>
          <input
            ref={filterRef}
            type="search"
            data-testid="table-filter"
            value={view.filter}
            onChange={(e) => setView({ filter: e.target.value })}
            onKeyDown={(e) => {
              if (e.key === 'Escape' && view.filter) setView({ filter: '' });
            }}
            placeholder={FILTER_PLACEHOLDER}
            spellCheck={false}
            className={FILTER_INPUT_CLASS}
          />
        </label>
        <SelectorBar
          key={`${labelSelector}\n${fieldSelector}`}
          labelSelector={labelSelector}
          fieldSelector={fieldSelector}
          resource={path.resource}
          onApply={(selectors) => setView(selectors, { replace: false })}
        />
      </div>

      {canDelete && <MarkedRowsBar resource={path.resource} marks={marks} keyOf={keyOf} actions={markedRowsActions({ path, namespaced, nameOf })} />}
      {data && data.restarts > 0 && (
        <p role="status" data-testid="list-restarted" className="border-b border-sky-200 bg-sky-50 px-4 py-1.5 text-xs text-sky-800">
          The list changed while it was loading (continue token expired, 410): it was loaded again from the start, so all rows are from one snapshot.
        </p>
      )}
      {data && <WarningList warnings={data.warnings} testId="api-warnings" />}
      {error !== null && error !== undefined && (
        <div className="shrink-0 p-4 pb-2">
          <KubeErrorPanel error={error} title={`${query.error ? 'Listing' : 'Watching'} ${path.resource} in ${scope}`} onRetry={retry} />
          {showingPrevious && (
            <p data-testid="previous-rows-note" className="mt-2 text-xs text-slate-500">
              Showing the rows from before this change; they are not being watched.
            </p>
          )}
        </div>
      )}
      {!data && !error && <LoadingStatus what={path.resource} />}
      {data && (
        <>
          <ResourceTable
            rows={displayed}
            columns={columns}
            widths={widths}
            sort={{ column: spec ? view.sort : null, desc: view.desc }}
            selectedKey={selectedKey}
            label={path.resource}
            keyOf={keyOf}
            nameOf={nameOf}
            hrefOf={hrefOf}
            onSort={onSort}
            onSelect={setSelectedKey}
            onOpen={openRow}
            metricsOf={metricsOf}
            logsHrefOf={isPods ? logsHrefOf : undefined}
            healthRule={healthRule}
            marks={canDelete ? marks : undefined}
          />
          {total === 0 && (
            <p data-testid="empty-state" className="px-4 py-6 text-sm text-slate-500">
              No {path.resource} in {scope}
              {labelSelector || fieldSelector ? ' matching the selectors' : ''}.
            </p>
          )}
          {total > 0 && displayed.length === 0 && (
            <p data-testid="no-matches" className="px-4 py-6 text-sm text-slate-500">
              No rows match “{view.filter}”.
            </p>
          )}
        </>
      )}
    </section>
  );
}
