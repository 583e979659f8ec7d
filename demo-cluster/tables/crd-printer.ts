// Table printer of a custom resource from its CRD version's additionalPrinterColumns, as the
// apiextensions-apiserver tableconvertor renders them (Name first; default column "Age").
import { ageSince } from '../resources/duration.js';
import { evaluateJsonPath, parseJsonPath } from './jsonpath.js';
import type { TableColumnDefinition, TablePrinter } from '../resources/registry.js';
import { CREATION_TIMESTAMP_DESCRIPTION, NAME_COLUMN, column } from './columns.js';
import type { JsonObject, KubeObject } from '../resources/types.js';
import { isPlainObject } from '../resources/types.js';

/** One additionalPrinterColumns entry of a CRD version. */
interface PrinterColumn {
  name: string;
  type: string;
  format: string;
  description: string;
  priority: number;
  jsonPath: string;
}

/** The columns of a CRD version, with the apiserver's default (Age) when none are declared. */
export function printerColumnsOf(version: JsonObject): PrinterColumn[] {
  const raw = Array.isArray(version.additionalPrinterColumns) ? version.additionalPrinterColumns : [];
  const cols = raw.filter(isPlainObject).map((c) => {
    const jsonPath = typeof c.jsonPath === 'string' ? c.jsonPath : '';
    return {
      name: typeof c.name === 'string' ? c.name : '',
      type: typeof c.type === 'string' ? c.type : 'string',
      format: typeof c.format === 'string' ? c.format : '',
      description: typeof c.description === 'string' && c.description !== '' ? c.description : `Custom resource definition column (in JSONPath format): ${jsonPath}`,
      priority: typeof c.priority === 'number' ? c.priority : 0,
      jsonPath,
    };
  });
  if (cols.length > 0) return cols;
  return [{ name: 'Age', type: 'date', format: '', description: CREATION_TIMESTAMP_DESCRIPTION, priority: 0, jsonPath: '.metadata.creationTimestamp' }];
}

/** cellForJSONValue: the cell of a typed column (null when the value does not fit the type). */
function typedCell(type: string, value: unknown, now: number): unknown {
  if (value === null || value === undefined) return null;
  switch (type) {
    case 'integer':
      return typeof value === 'number' ? Math.trunc(value) : null;
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'boolean':
      return typeof value === 'boolean' ? value : null;
    case 'string':
      if (typeof value === 'string') return value;
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
    case 'date':
      if (typeof value !== 'string') return null;
      return Number.isNaN(Date.parse(value)) ? '<invalid>' : ageSince(value, now);
    default:
      return null;
  }
}

/** The printer of one custom resource version. */
export function customResourcePrinter(version: JsonObject): TablePrinter {
  const cols = printerColumnsOf(version).map((c) => {
    let steps: ReturnType<typeof parseJsonPath> | undefined;
    try {
      steps = parseJsonPath(c.jsonPath);
    } catch {
      steps = undefined;
    }
    return { ...c, steps };
  });
  const columns: TableColumnDefinition[] = [NAME_COLUMN, ...cols.map((c) => column(c.name, c.type, c.description, c.priority, c.format))];
  return {
    columns,
    cells(obj: KubeObject, now: number) {
      return [
        obj.metadata.name ?? '',
        ...cols.map((c) => {
          const first = c.steps ? evaluateJsonPath(c.steps, obj)[0] : undefined;
          return typedCell(c.type, first, now);
        }),
      ];
    },
  };
}
