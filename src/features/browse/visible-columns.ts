// Which Table columns to show and how: priority 0 by default, all with wide; a Namespace column across namespaces.
import type { TableColumnDefinition } from '../../k8s/table';

export interface VisibleColumn {
  id: string;
  title: string;
  description: string;
  /** Index into row.cells; -1 for the synthesized Namespace column. */
  cellIndex: number;
  numeric: boolean;
  /** Age computed live from metadata.creationTimestamp instead of the server's frozen string. */
  age: boolean;
  /** The object name column (format "name"). */
  name: boolean;
  namespace: boolean;
  /** CPU (0) or Memory (1) from metrics.k8s.io, not from the Table (cellIndex -2). */
  metric?: 0 | 1;
  /** A link to the pod's log view (cellIndex -3). */
  logs?: boolean;
}

export interface VisibleColumnsOptions {
  wide: boolean;
  /** Cell indexes whose values are all numbers (printers declare some, like ConfigMap Data, as strings). */
  numericCells?: ReadonlySet<number>;
  /** Listing across namespaces: prepend a Namespace column like `kubectl get -A`. */
  showNamespace: boolean;
}

export function visibleColumns(definitions: readonly TableColumnDefinition[], options: VisibleColumnsOptions): VisibleColumn[] {
  const columns: VisibleColumn[] = [];
  if (options.showNamespace && !definitions.some((d) => d.name.toLowerCase() === 'namespace')) {
    columns.push({
      id: '__namespace',
      title: 'Namespace',
      description: 'Namespace of the object.',
      cellIndex: -1,
      numeric: false,
      age: false,
      name: false,
      namespace: true,
    });
  }
  definitions.forEach((definition, index) => {
    if (!options.wide && definition.priority > 0) return;
    columns.push({
      id: `${index}:${definition.name}`,
      title: definition.name,
      description: definition.description,
      cellIndex: index,
      numeric: definition.type === 'integer' || definition.type === 'number' || (options.numericCells?.has(index) ?? false),
      age: definition.name.toLowerCase() === 'age',
      name: definition.format === 'name',
      namespace: false,
    });
  });
  return columns;
}

export function parseNumericCellKey(key: string): Set<number> {
  return new Set(key ? key.split(',').map(Number) : []);
}
