// The list view as URL query parameters: reload and shared links restore the same view.

export interface ListViewState {
  labelSelector: string;
  fieldSelector: string;
  /** Show priority > 0 columns (kubectl -o wide). */
  wide: boolean;
  /** Column title to sort by; null keeps the server's order. */
  sort: string | null;
  desc: boolean;
  /** Client-side text filter over the visible cells. */
  filter: string;
}

export const DEFAULT_VIEW: ListViewState = { labelSelector: '', fieldSelector: '', wide: false, sort: null, desc: false, filter: '' };

export function parseListView(search: string): ListViewState {
  const params = new URLSearchParams(search);
  const sort = params.get('sort');
  return {
    labelSelector: params.get('labelSelector')?.trim() ?? '',
    fieldSelector: params.get('fieldSelector')?.trim() ?? '',
    wide: params.get('wide') === '1',
    sort: sort ? sort : null,
    desc: Boolean(sort) && params.get('desc') === '1',
    filter: params.get('filter') ?? '',
  };
}

/** Query string for a view (leading `?`, or '' for the default view); parameters in a fixed order. */
export function formatListView(view: ListViewState): string {
  const params = new URLSearchParams();
  if (view.labelSelector) params.set('labelSelector', view.labelSelector);
  if (view.fieldSelector) params.set('fieldSelector', view.fieldSelector);
  if (view.wide) params.set('wide', '1');
  if (view.sort) {
    params.set('sort', view.sort);
    if (view.desc) params.set('desc', '1');
  }
  if (view.filter) params.set('filter', view.filter);
  const query = params.toString();
  return query ? `?${query}` : '';
}

/** Header clicks cycle ascending -> descending -> server order; another column starts ascending. */
export function nextSort(view: Pick<ListViewState, 'sort' | 'desc'>, column: string): Pick<ListViewState, 'sort' | 'desc'> {
  if (view.sort !== column) return { sort: column, desc: false };
  if (!view.desc) return { sort: column, desc: true };
  return { sort: null, desc: false };
}
