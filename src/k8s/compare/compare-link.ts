// The compare screen's URL: /c/{context}/-/compare?left=<UI path>&right=<UI path>&everything=1. The link holds the
// whole comparison; without `right` the screen asks what to compare with.
import { toUiPath } from '../paths.js';

export interface CompareSides {
  left: string;
  right: string | null;
  everything: boolean;
}

export function compareHref(context: string, sides: CompareSides): string {
  const query = new URLSearchParams({ left: sides.left });
  if (sides.right) query.set('right', sides.right);
  if (sides.everything) query.set('everything', '1');
  return `${toUiPath(context, '/-/compare')}?${query.toString()}`;
}

export function parseCompareSearch(search: string): CompareSides {
  const query = new URLSearchParams(search);
  return { left: query.get('left') ?? '', right: query.get('right') || null, everything: query.get('everything') === '1' };
}
