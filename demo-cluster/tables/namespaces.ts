// Namespace printer (printNamespace): Name, Status, Age.
import type { TablePrinter } from '../resources/registry.js';
import { isPlainObject } from '../resources/types.js';
import { ageSince } from '../resources/duration.js';
import { AGE_COLUMN, NAME_COLUMN, column } from './columns.js';

export const namespacePrinter: TablePrinter = {
  columns: [NAME_COLUMN, column('Status', 'string', 'The status of the namespace'), AGE_COLUMN],
  cells(ns, now) {
    const phase = isPlainObject(ns.status) && typeof ns.status.phase === 'string' ? ns.status.phase : '';
    return [ns.metadata.name ?? '', phase, ageSince(ns.metadata.creationTimestamp, now)];
  },
};
