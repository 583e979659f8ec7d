// The two sides of a comparison read from the URL: each a context and an API path, and how to name it on screen.
import { parseApiPath, parseUiPath, type ApiPath } from '../../k8s/paths';

export interface Side {
  context: string;
  apiPath: string;
  path: ApiPath;
}

export function sideOf(uiPath: string | null): Side | null {
  const ui = uiPath ? parseUiPath(uiPath) : null;
  const path = ui ? parseApiPath(ui.apiPath) : null;
  return ui && path && path.subresource === null ? { context: ui.context, apiPath: ui.apiPath, path } : null;
}

/** "web in staging (demo)", "deployments in staging (demo)", "nodes (prod)". */
export function sideLabel(side: Side): string {
  const what = side.path.name ?? side.path.resource;
  return `${what}${side.path.namespace ? ` in ${side.path.namespace}` : ''} (${side.context})`;
}

/** "1 field differs", "3 fields differ". */
export function fieldsDiffer(count: number): string {
  return count === 1 ? '1 field differs' : `${count} fields differ`;
}
