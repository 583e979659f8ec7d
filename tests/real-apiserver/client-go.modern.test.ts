// The client-go check program against the real kube-apiserver v1.37.2: proves the expectations the
// integration tier holds the demo cluster to (tests/support/client-go-cases.ts). The 1.20.2 tier has
// neither aggregated discovery nor streaming lists: run.sh gives `*.modern.test.ts` to the modern tier only.
import { clientGoCases } from '../support/client-go-cases.js';

const kubeconfig = process.env.KUBECONFIG_REAL;
if (!kubeconfig) throw new Error('KUBECONFIG_REAL is not set: run through tests/real-apiserver/run.sh');
const version = process.env.REAL_K8S_VERSION ?? '';

if (!version.startsWith('v1.37.')) throw new Error(`client-go v0.37.2 cases need kube-apiserver v1.37 (this tier runs ${version || 'an unknown version'})`);
clientGoCases(`kube-apiserver ${version}`, () => Promise.resolve(kubeconfig));
