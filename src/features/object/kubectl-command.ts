// The kubectl command that prints the same object, written so that it runs as printed from the user's shell.
import { kubectlLine, type KubectlTarget } from '../../k8s/kubectl-command.js';
import type { ApiPath } from '../../k8s/paths.js';

export type { KubectlTarget };

/** `kubectl --context C get deployments.apps NAME -n NS -o yaml` (group-qualified outside the core group). */
export function kubectlGetCommand(target: KubectlTarget, path: ApiPath): string {
  const resource = path.group ? `${path.resource}.${path.group}` : path.resource;
  const words = ['get', resource, path.name ?? ''];
  if (path.namespace !== null) words.push('-n', path.namespace);
  words.push('-o', 'yaml');
  return kubectlLine(target, words);
}
