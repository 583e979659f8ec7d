// The screens that are not a list or an object: the access matrix, the raw request tool, Explain, the log views,
// the compare screen, the Helm releases and the port forwards.
// One chunk of their own, loaded when one of them is opened.
import type { ComponentProps } from 'react';
import { monacoEditors } from '../../features/monaco/lazy-editors';
import { HelmReleasePage } from '../../features/helm/helm-release-page';
import type { HelmTools } from '../../features/helm/helm-tools';
import { discoveryKindResolver, objectPathFor } from '../../features/object/object-references';
import { RawRequestPage } from '../../features/inspect/raw-request/raw-request-page';
import { ComparePage } from '../../features/compare/compare-page';
import type { CompareTools } from '../../features/compare/compare-tools';
import type { RawRequestTools } from '../../features/inspect/raw-request/raw-request-tools';

export { AccessMatrixPage } from '../../features/access/access-matrix-page';
export { ExplainPage } from '../../features/explain/explain-page';
export { HelmReleasesPage } from '../../features/helm/helm-releases-page';
export { PodLogPage } from '../../features/logs/pod-log-page';
export { PortForwardsPage } from '../../features/port-forward/port-forwards-page';
export { WorkloadLogPage } from '../../features/logs/workload-log-page';

/** The raw request tool's body editor is Monaco (features/monaco). */
const rawRequestTools: RawRequestTools = { CodeEditor: monacoEditors.CodeEditor };

/** The compare screen's diff is Monaco's diff (features/monaco), read-only. */
const compareTools: CompareTools = { DiffEditor: monacoEditors.DiffEditor };

export function CompareRoute(props: Omit<ComponentProps<typeof ComparePage>, 'tools'>) {
  return <ComparePage {...props} tools={compareTools} />;
}

export function RawRequestRoute(props: Omit<ComponentProps<typeof RawRequestPage>, 'tools'>) {
  return <RawRequestPage {...props} tools={rawRequestTools} />;
}

/** The Helm release screen diffs revisions in Monaco (features/monaco) and links objects as the object page does. */
const helmTools: HelmTools = {
  DiffEditor: monacoEditors.DiffEditor,
  objectApiPath: (index, apiVersion, kind, name, namespace) => objectPathFor(discoveryKindResolver(index), apiVersion, kind, name, namespace),
};

export function HelmReleaseRoute(props: Omit<ComponentProps<typeof HelmReleasePage>, 'tools'>) {
  return <HelmReleasePage {...props} tools={helmTools} />;
}
