import { memo, useEffect, useRef, type RefObject } from 'react';
import { useRowHealth } from '../../components/ui/use-row-health';
import { healthWords, type HealthRule, type RowHealth } from '../../k8s/row-health';
import type { TableColumnDefinition, TableRow } from '../../k8s/table';
import { AgeCell } from './age-cell';
import { flash } from './flash';
import { formatCell } from './format-cell';
import { cellClass, cellText, DIM_CLASS, MARK_CHECKBOX_CLASS, HEALTH_WORDS_CLASS, isQuiet, LOGS_LINK_CLASS, NAME_LINK_CLASS, ROW_HEIGHT, rowClass, truncates } from './table-look';
import type { VisibleColumn } from './visible-columns';

export interface ResourceRowProps {
  row: TableRow;
  columns: VisibleColumn[];
  name: string;
  /** UI path of the object page; the name cell links to it. */
  href: string;
  /** Stable key (namespace/name), also the selection key. */
  rowKey: string;
  /** 1-based position among all rows (header is row 1), for aria-rowindex. */
  ariaRowIndex: number;
  selected: boolean;
  /** performance.now() when the table mounted: rows that appear later may be watch arrivals and flash. */
  tableMountedAt: RefObject<number>;
  onSelect: (rowKey: string) => void;
  /** Set while the list offers marking rows (for a bulk delete): a checkbox leads the row. */
  marked?: boolean;
  onMark?: (rowKey: string) => void;
  /** CPU and Memory texts for the metrics columns. */
  metrics?: readonly [string, string];
  /** UI path of the pod's log view, for the Logs column. */
  logsHref?: string;
  /** How to judge the row's health (pods and workloads), from all the Table's columns. */
  healthRule?: RowHealthRule;
}

export interface RowHealthRule {
  rule: HealthRule;
  definitions: readonly TableColumnDefinition[];
}

const ARRIVAL_GRACE_MS = 1000;
const NO_DEFINITIONS: readonly TableColumnDefinition[] = [];
// Rows mount whenever they scroll into view: only objects created this recently flash on mount.
const NEW_OBJECT_MS = 10_000;


function isNewObject(row: TableRow): boolean {
  const created = Date.parse(row.object?.metadata.creationTimestamp ?? '');
  return !Number.isNaN(created) && Date.now() - created < NEW_OBJECT_MS;
}

function Cell({ column, row, href, extra, health }: { column: VisibleColumn; row: TableRow; href: string; extra: Pick<ResourceRowProps, 'metrics' | 'logsHref' | 'name'>; health: RowHealth | null }) {
  const meta = row.object?.metadata;
  if (column.metric !== undefined) return <>{extra.metrics?.[column.metric] ?? ''}</>;
  if (column.logs) {
    return extra.logsHref ? (
      <a href={extra.logsHref} data-testid="logs-link" aria-label={`Logs of ${extra.name}`} className={LOGS_LINK_CLASS}>
        Logs
      </a>
    ) : null;
  }
  if (column.namespace) return <>{meta?.namespace ?? ''}</>;
  const value = row.cells[column.cellIndex];
  if (column.age && meta?.creationTimestamp) return <AgeCell timestamp={meta.creationTimestamp} fallback={formatCell(value).text} />;
  const { text, dim } = formatCell(value);
  if (column.name) {
    return (
      <>
        <a href={href} tabIndex={-1} className={NAME_LINK_CLASS}>
          {text}
        </a>
        {health && (
          <>
            {' '}
            <span data-testid="row-health" className={HEALTH_WORDS_CLASS}>
              {healthWords(health)}
            </span>
          </>
        )}
      </>
    );
  }
  return dim ? <span className={DIM_CLASS}>{text}</span> : <>{text}</>;
}




/** One Table row; memoized so a watch event re-renders only the rows it touched. */
export const ResourceRow = memo(function ResourceRow({
  row,
  columns,
  name,
  href,
  rowKey,
  ariaRowIndex,
  selected,
  tableMountedAt,
  onSelect,
  metrics,
  logsHref,
  healthRule,
  marked,
  onMark,
}: ResourceRowProps) {
  const ref = useRef<HTMLTableRowElement>(null);
  const shownVersion = useRef<string | null>(null);
  const resourceVersion = row.object?.metadata.resourceVersion ?? '';
  const health = useRowHealth(healthRule?.rule ?? null, healthRule?.definitions ?? NO_DEFINITIONS, row);
  const completed = isQuiet(row, health);

  useEffect(() => {
    const element = ref.current;
    if (!element || shownVersion.current === resourceVersion) return;
    const mounting = shownVersion.current === null;
    shownVersion.current = resourceVersion;
    if (mounting && (performance.now() - tableMountedAt.current < ARRIVAL_GRACE_MS || !isNewObject(row))) return;
    flash(element);
  }, [resourceVersion, tableMountedAt, row]);

  return (
    <tr
      ref={ref}
      data-testid={`row-${name}`}
      data-row-key={rowKey}
      data-completed={completed ? '' : undefined}
      data-health={health?.level}
      data-selected={selected ? '' : undefined}
      data-marked={marked ? '' : undefined}
      aria-rowindex={ariaRowIndex}
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(rowKey)}
      style={{ height: ROW_HEIGHT }}
      className={rowClass(selected, completed)}
    >
      {columns.map((column, i) => (
        <td key={column.id} className={cellClass(column, completed, health, i === 0)} title={truncates(column) ? cellText(column, row) : undefined}>
          {i === 0 && marked !== undefined && (
            <input type="checkbox" aria-label={`Select ${name}`} checked={marked} onClick={(e) => e.stopPropagation()} onChange={() => onMark?.(rowKey)} className={MARK_CHECKBOX_CLASS} />
          )}
          <Cell column={column} row={row} href={href} extra={{ metrics, logsHref, name }} health={health} />
        </td>
      ))}
    </tr>
  );
});
