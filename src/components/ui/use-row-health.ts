// A Table row's health now, for the list's rows and the object page alike; a starting pod is judged again when its
// grace ends, so a pod stuck in ContainerCreating turns amber without waiting for a watch event.
import { useEffect, useState } from 'react';
import { healthRecheckAt, rowHealth, type HealthRule, type RowHealth } from '../../k8s/row-health';
import type { TableColumnDefinition, TableRow } from '../../k8s/table';

export function useRowHealth(rule: HealthRule | null, definitions: readonly TableColumnDefinition[], row: TableRow | null): RowHealth | null {
  const [now, setNow] = useState(() => Date.now());
  const recheckAt = row ? healthRecheckAt(rule, definitions, row, now) : null;
  useEffect(() => {
    if (recheckAt === null) return;
    const timer = setTimeout(() => setNow(Date.now()), Math.max(0, recheckAt - Date.now()));
    return () => clearTimeout(timer);
  }, [recheckAt]);
  return row ? rowHealth(rule, definitions, row, now) : null;
}
