// `deploy/web` names one object where the palette would open it (the namespace asked, picked, or default). When a
// GET finds none there, that target is not offered; the namespaces that do hold the name are, first.
import { useQuery } from '@tanstack/react-query';
import { useObjectElsewhere } from '../../../data/object-elsewhere';
import { objectExistsQueryOptions } from '../../../data/object-exists-query';
import { objectItem, objectLabel, parsePaletteQuery, type PaletteItem, type PaletteScope } from './palette-query';
import { PROBE_DELAY_MS, useSettled } from './use-settled';

export interface MissingObject {
  /** The target a GET found absent (404, or 403: nothing the user may open). */
  item: PaletteItem;
  /** The same name in other namespaces, as targets. */
  elsewhere: PaletteItem[];
  searching: boolean;
}

export function useMissingObject(text: string, items: readonly PaletteItem[], scope: PaletteScope): MissingObject | null {
  const named = parsePaletteQuery(text)?.name != null;
  const guess = named ? (items.find((i) => i.target === 'object') ?? null) : null;
  const path = guess?.apiPath ?? null;
  const settled = useSettled(path, PROBE_DELAY_MS);
  const exists = useQuery({ ...objectExistsQueryOptions(scope.context, path ?? ''), enabled: path !== null && settled === path });
  const missing = guess !== null && settled === path && exists.data === false ? guess : null;
  const elsewhere = useObjectElsewhere(scope.context, missing?.resource ?? null, missing?.name ?? null, missing?.namespace ?? null);
  if (!missing || missing.name === null) return null;
  const name = missing.name;
  return { item: missing, elsewhere: elsewhere.namespaces.map((ns) => objectItem(scope, missing.resource, name, ns)), searching: elsewhere.searching };
}

/** The footer's words for a missing object: where it is not, and where it is. */
export function missingObjectMessage(missing: MissingObject): string {
  const label = objectLabel(missing.item);
  const where = missing.item.namespace === null ? 'in the cluster' : `in ${missing.item.namespace}`;
  if (missing.elsewhere.length > 0) return `No ${label} ${where}; found in ${missing.elsewhere.map((i) => i.namespace).join(', ')}.`;
  if (missing.searching) return `No ${label} ${where}; looking in other namespaces…`;
  return `No ${label} ${where}, nor in any namespace you may list.`;
}
