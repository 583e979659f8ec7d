// meta.k8s.io/v1 Table column definitions: the demo cluster prints them, the SPA lays its columns out from them.

export interface TableColumnDefinition {
  name: string;
  /** OpenAPI type: string, integer, number, boolean, date. */
  type: string;
  /** "name" marks the object name column. */
  format: string;
  description: string;
  /** 0: shown by default; > 0: only in wide output. */
  priority: number;
}
