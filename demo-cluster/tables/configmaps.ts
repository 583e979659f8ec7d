// ConfigMap printer (printConfigMap): Name, Data (key count, an integer cell in a "string" column, as upstream), Age.
import type { TablePrinter } from '../resources/registry.js';
import { isPlainObject } from '../resources/types.js';
import { ageSince } from '../resources/duration.js';
import { AGE_COLUMN, NAME_COLUMN, column } from './columns.js';

export const configMapPrinter: TablePrinter = {
  columns: [
    NAME_COLUMN,
    column(
      'Data',
      'string',
      "Data contains the configuration data. Each key must consist of alphanumeric characters, '-', '_' or '.'. Values with non-UTF-8 byte sequences must use the BinaryData field. The keys stored in Data must not overlap with the keys in the BinaryData field, this is enforced during validation process.",
    ),
    AGE_COLUMN,
  ],
  cells(cm, now) {
    const count = (v: unknown): number => (isPlainObject(v) ? Object.keys(v).length : 0);
    return [cm.metadata.name ?? '', count(cm.data) + count(cm.binaryData), ageSince(cm.metadata.creationTimestamp, now)];
  },
};
