// What the release screen shows, held in its URL's query so that a link opens the same view: the tab, the revision
// looked at, the two revisions of a diff, the revision a rollback preview goes back to.

export const RELEASE_VIEWS = ['history', 'values', 'manifest', 'notes', 'diff', 'rollback'] as const;
export type ReleaseView = (typeof RELEASE_VIEWS)[number];

export interface ReleaseViewState {
  view: ReleaseView;
  /** The revision shown by values, manifest and notes (null: the current one). */
  revision: number | null;
  /** Diff: the older side and the newer side (null: the previous and the current revision). */
  from: number | null;
  to: number | null;
  /** Values: the chart's defaults too. */
  all: boolean;
}

function revisionParam(value: string | null): number | null {
  return value !== null && /^[1-9]\d*$/.test(value) ? Number(value) : null;
}

export function parseViewState(search: string): ReleaseViewState {
  const params = new URLSearchParams(search);
  const view = params.get('view');
  return {
    view: RELEASE_VIEWS.find((v) => v === view) ?? 'history',
    revision: revisionParam(params.get('revision')),
    from: revisionParam(params.get('from')),
    to: revisionParam(params.get('to')),
    all: params.get('all') === '1',
  };
}

/** The query string of a view state ('' for the default view); parameters a view does not read are left out. */
export function viewSearch(state: Partial<ReleaseViewState>): string {
  const params = new URLSearchParams();
  const view = state.view ?? 'history';
  if (view !== 'history') params.set('view', view);
  if ((view === 'values' || view === 'manifest' || view === 'notes') && state.revision != null) params.set('revision', String(state.revision));
  if (view === 'values' && state.all) params.set('all', '1');
  if (view === 'diff' && state.from != null) params.set('from', String(state.from));
  if ((view === 'diff' || view === 'rollback') && state.to != null) params.set('to', String(state.to));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The diff's two revisions: as asked, else the one before the current and the current. */
export function diffRevisions(state: Pick<ReleaseViewState, 'from' | 'to'>, revisions: readonly number[]): { from: number; to: number } | null {
  const newestFirst = [...revisions].sort((a, b) => b - a);
  const to = state.to ?? newestFirst[0];
  const from = state.from ?? newestFirst.find((r) => to !== undefined && r < to);
  return to !== undefined && from !== undefined ? { from, to } : null;
}
