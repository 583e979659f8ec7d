// Namespace printer (printNamespace): Name, Status, Age.
import type { TablePrinter } from '../resources/registry.js';
import { isPlainObject } from '../resources/types.js';
import { ageSince } from '../resources/duration.js';
import { recordedColumns } from './columns.js';

export const namespacePrinter: TablePrinter = {
  columns: recordedColumns('v1/namespaces'),
  cells(ns, now) {
    const phase = isPlainObject(ns.status) && typeof ns.status.phase === 'string' ? ns.status.phase : '';
    return [ns.metadata.name ?? '', phase, ageSince(ns.metadata.creationTimestamp, now)];
  },
};
