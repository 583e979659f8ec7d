// The kubectl command that prints the same object.
import type { ApiPath } from '../../k8s/paths';
import { shellQuote } from './clipboard';

/** `kubectl --context C get deployments.apps NAME -n NS -o yaml` (group-qualified outside the core group). */
export function kubectlGetCommand(context: string, path: ApiPath): string {
  const resource = path.group ? `${path.resource}.${path.group}` : path.resource;
  const words = ['kubectl', '--context', context, 'get', resource, path.name ?? ''];
  if (path.namespace !== null) words.push('-n', path.namespace);
  words.push('-o', 'yaml');
  return words.filter((w) => w !== '').map(shellQuote).join(' ');
}
