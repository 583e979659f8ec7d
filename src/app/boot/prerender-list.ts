// A fresh tab at a list URL: the preloaded first Table page drawn with plain DOM (text only) while the app's JS
// still loads and runs, in the classes, columns, widths and row window the React list uses for the same page.
// React's first commit replaces it (createRoot clears its container), so the rows stay where they were painted.
import { ColumnStats, parseLongestKey } from '../../features/browse/column-stats';
import { columnWidths } from '../../features/browse/column-widths';
import { withLogsColumn } from '../../features/browse/extra-columns';
import { formatCell } from '../../features/browse/format-cell';
import { parseListView } from '../../features/browse/list-view-state';
import * as list from '../../features/browse/list-look';
import { NAVIGATOR_CLASS } from '../../features/browse/navigator/navigator-look';
import * as look from '../../features/browse/table-look';
import { DEFAULT_HEADER_HEIGHT, virtualWindow } from '../../features/browse/virtual-window';
import { parseNumericCellKey, visibleColumns, type VisibleColumn } from '../../features/browse/visible-columns';
import { ageOf } from '../../k8s/duration';
import { healthRuleOf, healthWords, rowHealth, type RowHealth } from '../../k8s/row-health';
import { rowName, type Table, type TableRow } from '../../k8s/table';
import * as shell from '../layout/shell-look';
import { matchRoute } from '../routes';

export interface PrerenderInput {
  location: { pathname: string; search: string };
  /** The first page's parsed body. */
  body: unknown;
  now: number;
  viewportHeight: number;
}

function isTable(body: unknown): body is Table {
  const table = body as Partial<Table> | null;
  return (
    typeof table === 'object' &&
    table !== null &&
    table.kind === 'Table' &&
    Array.isArray(table.columnDefinitions) &&
    table.columnDefinitions.every((d) => typeof d?.name === 'string') &&
    Array.isArray(table.rows) &&
    table.rows.every((row) => Array.isArray(row?.cells))
  );
}

type Child = Node | string | null;

const sum = (values: readonly number[]) => values.reduce((total, value) => total + value, 0);

function element<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, attributes: Record<string, string>, children: Child[] = []): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value);
  for (const child of children) if (child !== null) node.append(child);
  return node;
}

function cell(doc: Document, column: VisibleColumn, row: TableRow, hrefs: { href: string; logsHref: string | null; name: string }, now: number, health: RowHealth | null): Node | string | null {
  const meta = row.object?.metadata;
  if (column.logs) return hrefs.logsHref === null ? null : element(doc, 'a', { href: hrefs.logsHref, 'aria-label': `Logs of ${hrefs.name}`, class: look.LOGS_LINK_CLASS }, ['Logs']);
  if (column.namespace) return meta?.namespace ?? '';
  const value = row.cells[column.cellIndex];
  const { text, dim } = formatCell(value);
  if (column.age && meta?.creationTimestamp) {
    const timestamp = meta.creationTimestamp;
    return element(doc, 'time', { datetime: timestamp, title: timestamp }, [ageOf(timestamp, now) ?? text]);
  }
  if (column.name) {
    const link = element(doc, 'a', { href: hrefs.href, tabindex: '-1', class: look.NAME_LINK_CLASS }, [text]);
    if (!health) return link;
    const words = element(doc, 'span', { 'data-testid': 'row-health', class: look.HEALTH_WORDS_CLASS }, [healthWords(health)]);
    const both = doc.createDocumentFragment();
    both.append(link, ' ', words);
    return both;
  }
  return dim ? element(doc, 'span', { class: look.DIM_CLASS }, [text]) : text;
}

/**
 * Lays out, hidden, a word in each text style the list draws: a fresh tab looks its fonts up on first use, ~8 ms of
 * the first rows' frame when that frame is the first to draw text. Called while the main thread waits for the page.
 */
export function warmTextLayout(doc: Document): void {
  const styles = [shell.BRAND_CLASS, list.LIST_TITLE_CLASS, list.GROUP_VERSION_CLASS, list.ROW_COUNT_CLASS, list.FILTER_INPUT_CLASS, look.TABLE_CLASS, look.headerCellClass({ numeric: false })];
  const probe = element(doc, 'div', { 'aria-hidden': 'true', style: 'position: absolute; left: -10000px; top: 0px; visibility: hidden;' }, styles.map((style) => element(doc, 'span', { class: style }, ['Ready 1,023'])));
  doc.body.append(probe);
  void probe.offsetHeight;
  probe.remove();
}

/** The drawn list, while the app still loads: more pages can join it, and it scrolls. */
export interface PrerenderedList {
  /** Rows drawn so far (all pages joined). */
  readonly rowCount: number;
  /** False while the list's last page has a continue token. */
  readonly complete: boolean;
  /**
   * Joins the list's next page (its parsed body): count, spacers and rows in view follow. False (nothing changed)
   * when it is not a Table of the same columns.
   */
  append(body: unknown): boolean;
}

/**
 * Draws the list into `root` and returns it, or draws nothing and returns null: not a list URL, a sort or row
 * filter in the URL (React would reorder the rows), or a body that is not a Table.
 */
export function prerenderList(doc: Document, root: HTMLElement, input: PrerenderInput): PrerenderedList | null {
  const route = matchRoute(input.location.pathname, input.location.search);
  const view = parseListView(input.location.search);
  if (route.kind !== 'list' || view.sort !== null || view.filter !== '' || !isTable(input.body)) return null;
  const { context, path } = route;
  const first = input.body;
  let rows = first.rows;
  let complete = !first.metadata?.continue;
  /** The last page's: rows still to come, when the server says. */
  let remainingItemCount: unknown = first.metadata?.remainingItemCount;
  const definitions = first.columnDefinitions;
  // As the React list before discovery answers: rows with a namespace mean a namespaced type.
  const namespaced = path.namespace !== null || rows.some((row) => Boolean(row.object?.metadata.namespace));
  const facts = new ColumnStats();
  const isPods = path.group === '' && path.resource === 'pods';
  const rule = healthRuleOf(path.group, path.resource);

  const spacer = (height: number, span: number) => element(doc, 'tr', { 'aria-hidden': 'true' }, [element(doc, 'td', { colspan: String(span), style: `height: ${height}px; padding: 0px;` })]);
  /** What the table shows at this scroll offset: the rows in view, and the facts its columns are drawn from. */
  const planAt = (scrollTop: number) => {
    const stats = facts.update(rows, definitions.length);
    const range = virtualWindow({ scrollTop, viewportHeight: input.viewportHeight, headerHeight: DEFAULT_HEADER_HEIGHT, rowHeight: look.ROW_HEIGHT, count: rows.length, overscan: 0 });
    // What the drawn cells depend on; the columns' widths (longestKey) are set apart, on the <col>s.
    return { stats, range, cellsKey: `${stats.numericKey}|${range.start}|${range.end}` };
  };
  type Plan = ReturnType<typeof planAt>;
  const widthsOf = (columns: readonly VisibleColumn[], stats: Plan['stats']) => columnWidths(columns, parseLongestKey(stats.longestKey));
  /** The drawn table, with what can change in it without drawing it anew. */
  let drawn: { plan: Plan; table: HTMLTableElement; body: HTMLTableSectionElement; cols: HTMLTableColElement[]; columns: readonly VisibleColumn[] } | null = null;
  /** The table as React draws it for these rows at this scroll offset: columns and widths from every row so far. */
  const drawTable = (plan: Plan): HTMLTableElement => {
    const { stats, range } = plan;
    const fromTable = visibleColumns(definitions, { wide: view.wide, showNamespace: path.namespace === null && namespaced, numericCells: parseNumericCellKey(stats.numericKey) });
    const columns = isPods ? withLogsColumn(fromTable) : fromTable;
    const widths = widthsOf(columns, stats);
    const body = element(doc, 'tbody', {});
    if (range.paddingTop > 0) body.append(spacer(range.paddingTop, columns.length));
    for (const row of rows.slice(range.start, range.end)) {
      const name = rowName(row, definitions);
      const health = rowHealth(rule, definitions, row, input.now);
      const completed = look.isQuiet(row, health);
      const hrefs = { href: list.rowUiPath(context, path, row, name, null), logsHref: isPods ? list.rowUiPath(context, path, row, name, 'log') : null, name };
      const cells = columns.map((column, i) => {
        const attributes: Record<string, string> = { class: look.cellClass(column, completed, health, i === 0) };
        if (look.truncates(column)) attributes.title = look.cellText(column, row);
        return element(doc, 'td', attributes, [cell(doc, column, row, hrefs, input.now, health)]);
      });
      const rowAttributes: Record<string, string> = { 'data-row-key': list.rowKeyOf(row, name), class: look.rowClass(false, completed), style: `height: ${look.ROW_HEIGHT}px;` };
      if (health) rowAttributes['data-health'] = health.level;
      body.append(element(doc, 'tr', rowAttributes, cells));
    }
    if (range.paddingBottom > 0) body.append(spacer(range.paddingBottom, columns.length));
    const head = element(doc, 'tr', {}, columns.map((column) =>
      column.logs
        ? element(doc, 'th', { scope: 'col', title: column.description, class: look.LOGS_HEADER_CLASS }, [column.title])
        : element(doc, 'th', { scope: 'col', title: column.description, class: look.headerCellClass(column) }, [
            element(doc, 'span', { class: `block ${look.sortButtonClass(column, 'none')}` }, [column.title]),
          ]),
    ));
    const cols = widths.map((width) => element(doc, 'col', { style: `width: ${width}px;` }));
    const table = element(doc, 'table', { 'aria-label': path.resource, class: look.TABLE_CLASS, style: `min-width: ${sum(widths)}px;` }, [
      element(doc, 'colgroup', {}, cols),
      element(doc, 'thead', { class: look.THEAD_CLASS }, [head]),
      body,
    ]);
    drawn = { plan, table, body, cols, columns };
    return table;
  };
  // The same test ids as the React list's count and progress: what the page says is what a test or a user reads.
  const rowCount = element(doc, 'span', { class: list.ROW_COUNT_CLASS, 'data-testid': 'row-count' });
  const loadingMore = element(doc, 'span', { role: 'status', 'data-testid': 'loading-more', class: list.LOADING_MORE_CLASS });
  const drawProgress = () => {
    rowCount.textContent = list.rowCountText(rows.length, rows.length);
    frame.dataset.prerenderRows = String(rows.length);
    if (complete) {
      loadingMore.remove();
      return;
    }
    const { text, width } = list.loadingMoreOf(rows.length, remainingItemCount);
    const bar = width === null ? null : element(doc, 'span', { 'aria-hidden': 'true', class: list.PROGRESS_TRACK_CLASS }, [element(doc, 'span', { class: list.PROGRESS_FILL_CLASS, style: `width: ${width};` })]);
    loadingMore.replaceChildren(...[bar, text].filter((child) => child !== null));
  };

  const selectors = [view.labelSelector, view.fieldSelector].filter(Boolean).join(' · ');
  const listHeader = element(doc, 'header', { class: list.LIST_HEADER_CLASS }, [
    element(doc, 'h1', { class: list.LIST_TITLE_CLASS }, [path.resource]),
    element(doc, 'span', { class: list.GROUP_VERSION_CLASS }, [list.groupVersionOf(path)]),
    element(doc, 'span', { class: list.SCOPE_CLASS }, [list.scopeLabel(path, namespaced)]),
    selectors ? element(doc, 'span', { class: list.APPLIED_SELECTORS_CLASS }, [selectors]) : null,
    rowCount,
    complete ? null : loadingMore,
  ]);
  // The filter bar's height comes from its input; this one is read-only (typing starts once the app runs).
  const toolbar = element(doc, 'div', { class: list.TOOLBAR_CLASS }, [
    element(doc, 'label', { class: list.FILTER_LABEL_CLASS }, [
      element(doc, 'input', { type: 'search', readonly: '', tabindex: '-1', 'aria-label': 'Filter rows', placeholder: list.FILTER_PLACEHOLDER, class: list.FILTER_INPUT_CLASS }),
    ]),
  ]);
  let tableElement = drawTable(planAt(0));
  const scroller = element(doc, 'div', { class: look.SCROLLER_CLASS }, [tableElement]);
  /**
   * Rows joining below the rows in view change the table's length and maybe its columns' widths, not its cells: the
   * bottom spacer and the <col>s follow. Drawing the table anew restyled and laid out every cell (~20 ms of a
   * 1,000-row list's second page, on the way to all rows).
   */
  const stretch = (current: NonNullable<typeof drawn>, plan: Plan) => {
    if (plan.stats.longestKey !== current.plan.stats.longestKey) {
      const widths = widthsOf(current.columns, plan.stats);
      current.cols.forEach((col, i) => col.setAttribute('style', `width: ${widths[i] ?? 0}px;`));
      current.table.setAttribute('style', `min-width: ${sum(widths)}px;`);
    }
    // The drawn plan had a bottom spacer exactly when it left rows below the window: then it is the last row.
    const bottom = current.plan.range.paddingBottom > 0 ? current.body.lastElementChild : null;
    const height = plan.range.paddingBottom;
    if (height <= 0) bottom?.remove();
    else if (bottom) bottom.firstElementChild?.setAttribute('style', `height: ${height}px; padding: 0px;`);
    else current.body.append(spacer(height, current.columns.length));
    current.plan = plan;
  };
  const redraw = () => {
    const plan = planAt(scroller.scrollTop);
    if (drawn !== null && drawn.plan.cellsKey === plan.cellsKey) return stretch(drawn, plan);
    const next = drawTable(plan);
    tableElement.replaceWith(next);
    tableElement = next;
  };
  // Rows in view follow the scroll (once a frame), as the React list's window does.
  let redrawQueued = false;
  scroller.addEventListener('scroll', () => {
    if (redrawQueued) return;
    redrawQueued = true;
    requestAnimationFrame(() => {
      redrawQueued = false;
      redraw();
    });
  }, { passive: true });
  const frame = element(doc, 'div', { class: shell.SHELL_CLASS, 'data-prerender': '' }, [
    element(doc, 'header', { class: shell.SHELL_HEADER_CLASS }, [
      element(doc, 'a', { href: '/', class: shell.BRAND_CLASS }, [element(doc, 'span', { 'aria-hidden': 'true', class: shell.BRAND_MARK_CLASS }, ['kg']), 'Kubeglass']),
    ]),
    element(doc, 'div', { class: shell.SHELL_BODY_CLASS }, [
      element(doc, 'nav', { 'aria-label': 'Resources', class: NAVIGATOR_CLASS }),
      element(doc, 'main', { class: shell.MAIN_CLASS }, [element(doc, 'section', { class: list.LIST_SECTION_CLASS }, [listHeader, toolbar, scroller])]),
    ]),
  ]);
  drawProgress();
  root.replaceChildren(frame);

  return {
    get rowCount() {
      return rows.length;
    },
    get complete() {
      return complete;
    },
    append(body) {
      if (complete || !isTable(body) || body.columnDefinitions.length !== definitions.length) return false;
      rows = rows.concat(body.rows);
      complete = !body.metadata?.continue;
      remainingItemCount = body.metadata?.remainingItemCount;
      drawProgress();
      redraw();
      return true;
    },
  };
}
