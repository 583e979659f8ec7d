// The list page's frame (its header line and filter bar) as plain data: the list page and its loading line.
import { buildApiPath, gvrOf, toUiPath, type ApiPath } from '../../k8s/paths';
import type { TableRow } from '../../k8s/table';
import { count } from './format-count';

export const LIST_SECTION_CLASS = 'flex h-full min-h-0 flex-col';
export const LIST_HEADER_CLASS = 'flex h-11 shrink-0 items-center gap-3 border-b border-slate-200 px-4';
export const LIST_TITLE_CLASS = 'text-sm font-semibold text-slate-900';
export const GROUP_VERSION_CLASS = 'font-mono text-xs text-slate-400';
export const SCOPE_CLASS = 'text-xs text-slate-500';
export const APPLIED_SELECTORS_CLASS = 'rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs text-slate-600';
export const ROW_COUNT_CLASS = 'text-xs text-slate-400 tabular-nums';
export const LOADING_MORE_CLASS = 'flex items-center gap-1.5 text-xs text-slate-500 tabular-nums';
// How much of a list is in, drawn still (a bar that moves when rows join, never on its own): any running CSS animation
// has the compositor draw a frame every vsync while the pages load, and on two cores that work came out of their
// parse (all rows at 50k: -66 ms median over 8 paired runs with animations off, 1k: -13 ms over 12).
export const PROGRESS_TRACK_CLASS = 'block h-1 w-12 overflow-hidden rounded-full bg-slate-200';
export const PROGRESS_FILL_CLASS = 'block h-full bg-slate-500';
export const TOOLBAR_CLASS = 'flex shrink-0 items-center gap-3 border-b border-slate-200 px-4 py-1.5';
export const FILTER_LABEL_CLASS = 'flex w-56 shrink-0 items-center gap-1.5 text-xs text-slate-500';
export const FILTER_INPUT_CLASS =
  'w-full rounded border border-slate-200 px-2 py-1 text-xs text-slate-800 placeholder:text-slate-400 focus:border-indigo-400 focus:outline-none';
export const FILTER_PLACEHOLDER = 'Filter rows  ( / )';

/** A row's key (namespace/name, or name), also its selection key. */
export function rowKeyOf(row: TableRow, name: string): string {
  const namespace = row.object?.metadata.namespace;
  return namespace ? `${namespace}/${name}` : name;
}

/** The UI path of a row's object (or its subresource): across namespaces it lives in its own namespace. */
export function rowUiPath(context: string, path: ApiPath, row: TableRow, name: string, subresource: string | null): string {
  const namespace = path.namespace ?? row.object?.metadata.namespace ?? null;
  return toUiPath(context, buildApiPath({ ...gvrOf(path), namespace, name, subresource }));
}

export function scopeLabel(path: ApiPath, namespaced: boolean): string {
  if (path.namespace !== null) return `namespace ${path.namespace}`;
  return namespaced ? 'all namespaces' : 'cluster';
}

export function groupVersionOf(path: ApiPath): string {
  return path.group ? `${path.group}/${path.version}` : path.version;
}

export function rowCountText(shown: number, total: number): string {
  return shown !== total ? `${count(shown)} of ${count(total)} items` : `${count(total)} ${total === 1 ? 'item' : 'items'}`;
}

/**
 * The rows a list will have once its pages are in: those so far and the last page's remainingItemCount. Undefined
 * when the server does not say (a selector, or a server that does not count).
 */
export function expectedRowsOf(rows: number, remainingItemCount: unknown): number | undefined {
  return typeof remainingItemCount === 'number' && Number.isFinite(remainingItemCount) && remainingItemCount >= 0 ? rows + remainingItemCount : undefined;
}

export function loadingMoreText(rows: number, expected?: number): string {
  return expected === undefined ? `loading more… ${count(rows)} rows` : `loading more… ${count(rows)} of ${count(expected)} rows`;
}

/** The progress bar's filled width (CSS), or null when the list's size is not known. */
export function progressWidth(rows: number, expected: number | undefined): string | null {
  if (expected === undefined || expected <= 0) return null;
  return `${Math.min(100, Math.round((rows / expected) * 100))}%`;
}

/** What "loading more" says while pages stream in, and its bar's filled width (null: no bar), for the list page. */
export function loadingMoreOf(rows: number, remainingItemCount: unknown): { text: string; width: string | null } {
  const expected = expectedRowsOf(rows, remainingItemCount);
  return { text: loadingMoreText(rows, expected), width: progressWidth(rows, expected) };
}
