// ConfigMap printer (printConfigMap): Name, Data (key count, an integer cell in a "string" column, as upstream), Age.
import type { TablePrinter } from '../resources/registry.js';
import { isPlainObject } from '../resources/types.js';
import { ageSince } from '../resources/duration.js';
import { recordedColumns } from './columns.js';

export const configMapPrinter: TablePrinter = {
  columns: recordedColumns('v1/configmaps'),
  cells(cm, now) {
    const count = (v: unknown): number => (isPlainObject(v) ? Object.keys(v).length : 0);
    return [cm.metadata.name ?? '', count(cm.data) + count(cm.binaryData), ageSince(cm.metadata.creationTimestamp, now)];
  },
};
