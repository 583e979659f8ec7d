// Two revisions side by side (manifest and values), and the rollback preview: what `helm rollback` would apply,
// as the diff of the current revision to the chosen one, with the line that does it. Kubeglass only shows it.
import type { ComponentType } from 'react';
import { CopyLine } from '../../components/ui/copy-line';
import { useKubectlBlocked, useKubectlTarget } from '../../data/kubectl-target';
import { helmRollbackLine } from '../../k8s/helm/helm-command';
import { manifestChanges, splitManifest } from '../../k8s/helm/manifest';
import type { HelmRelease } from '../../k8s/helm/release';
import { valuesYaml } from '../../k8s/helm/values-yaml';
import type { ReleaseDiffProps } from './helm-tools';

/** Tall enough to show both texts whole (the page scrolls, not the editor), up to a cap past which the editor scrolls. */
function diffHeight(a: string, b: string): number {
  const lines = Math.max(a.split('\n').length, b.split('\n').length);
  return Math.min(Math.max(lines * 20 + 40, 320), 2400);
}

const CHANGE_CLASS = { added: 'text-emerald-700', removed: 'text-red-700', changed: 'text-amber-700' } as const;

/** Which objects differ, then the manifest and the values side by side. */
export function RevisionDiff({ from, to, DiffEditor }: { from: HelmRelease; to: HelmRelease; DiffEditor: ComponentType<ReleaseDiffProps> }) {
  const changes = manifestChanges(splitManifest(from.manifest), splitManifest(to.manifest));
  const valuesFrom = valuesYaml(from.config);
  const valuesTo = valuesYaml(to.config);
  return (
    <div className="flex flex-col gap-3">
      <section aria-labelledby="changed-objects">
        <h2 id="changed-objects" className="mb-1 text-xs font-semibold text-slate-700">
          Objects that differ from revision {from.revision} to {to.revision}
        </h2>
        {changes.length === 0 ? (
          <p className="text-xs text-slate-600">None: both revisions render the same objects.</p>
        ) : (
          <ul data-testid="helm-changed-objects" className="text-xs">
            {changes.map(({ object, change }, i) => (
              <li key={i} data-change={change}>
                <span className={`inline-block w-16 font-medium ${CHANGE_CLASS[change]}`}>{change}</span>
                {object.kind} <span className="font-mono">{object.name}</span>
                {object.source && <span className="ml-2 text-slate-500">{object.source}</span>}
              </li>
            ))}
          </ul>
        )}
        {valuesFrom === valuesTo && <p className="mt-1 text-xs text-slate-600">The user-supplied values are the same.</p>}
      </section>
      <section aria-labelledby="manifest-diff" className="flex flex-col">
        <h2 id="manifest-diff" className="mb-1 text-xs font-semibold text-slate-700">
          Manifest: revision {from.revision} (left) → revision {to.revision} (right)
        </h2>
        <div data-testid="helm-manifest-diff" className="rounded border border-slate-200" style={{ height: diffHeight(from.manifest, to.manifest) }}>
          <DiffEditor key={`m-${from.revision}-${to.revision}`} original={from.manifest} modified={to.manifest} label={`Manifest of revision ${from.revision} and ${to.revision}`} />
        </div>
      </section>
      <section aria-labelledby="values-diff" className="flex flex-col">
        <h2 id="values-diff" className="mb-1 text-xs font-semibold text-slate-700">
          User-supplied values: revision {from.revision} (left) → revision {to.revision} (right)
        </h2>
        <div data-testid="helm-values-diff" className="rounded border border-slate-200" style={{ height: diffHeight(valuesFrom, valuesTo) }}>
          <DiffEditor key={`v-${from.revision}-${to.revision}`} original={valuesFrom} modified={valuesTo} label={`Values of revision ${from.revision} and ${to.revision}`} />
        </div>
      </section>
    </div>
  );
}

/** What `helm rollback <name> <revision>` would do: a new revision with the target's chart, values and manifest. */
export function RollbackPreview({ context, current, target, DiffEditor }: { context: string; current: HelmRelease; target: HelmRelease; DiffEditor: ComponentType<ReleaseDiffProps> }) {
  const kubectlTarget = useKubectlTarget(context);
  // helm is a client-go client as kubectl is: where no kubectl line can reach the demo cluster, no helm line can.
  const blocked = useKubectlBlocked(context);
  const line = kubectlTarget ? helmRollbackLine(kubectlTarget, current.name, target.revision, current.namespace) : '';
  return (
    <div className="flex flex-col gap-3">
      <section aria-labelledby="rollback-line" className="rounded border border-slate-200 bg-white p-3 text-sm">
        <h2 id="rollback-line" className="mb-1 text-xs font-semibold text-slate-700">
          Roll back to revision {target.revision}
        </h2>
        <p className="mb-2 text-xs text-slate-600">
          Kubeglass does not roll back. This line makes revision {current.revision + 1}: helm applies revision {target.revision}&apos;s manifest ({target.chart.name} {target.chart.version}, its values) over the current revision {current.revision}, as the diff below shows.
        </p>
        {blocked ? (
          <p data-testid="helm-rollback-blocked" className="text-xs text-amber-800">
            No helm line: this kubeglass demands its access token, which helm (like kubectl) sends over HTTPS only. The line would be: <code className="font-mono">{line}</code>
          </p>
        ) : (
          <CopyLine text={line} copyLabel="Copy helm rollback" testId="helm-rollback-command" />
        )}
      </section>
      <RevisionDiff from={current} to={target} DiffEditor={DiffEditor} />
    </div>
  );
}
