// The set of Kubernetes' e2e conformance tests this project runs: API machinery's, and the API-only tests of
// ConfigMaps, PodTemplates, Leases and Events. The patterns are Go (RE2) regular expressions over a test's full
// name, given to e2e.test as --ginkgo.focus / --ginkgo.skip, and read by the report with the same meaning.

/** Tests of the set. */
export const FOCUS = [
  String.raw`\[sig-api-machinery\].*\[Conformance\]`,
  String.raw`\[sig-node\] ConfigMap should (run through a ConfigMap lifecycle|fail to create ConfigMap with empty key|update ConfigMap successfully) \[Conformance\]`,
  String.raw`\[sig-node\] PodTemplates .*\[Conformance\]`,
  String.raw`\[sig-node\] Lease .*\[Conformance\]`,
  String.raw`\[sig-instrumentation\] Events (API )?.*\[Conformance\]`,
];

/** Tests of the set that are not run, each with why. */
export const SKIP = [
  {
    pattern: String.raw`\[sig-api-machinery\] (AdmissionWebhook|CustomResourceConversionWebhook|CustomResourceFieldSelectors|Aggregator) `,
    reason:
      'needs a pod that serves HTTPS (the webhook or sample API server image) behind a Service the apiserver calls: neither target runs containers',
  },
];

export const inSet = (name) => FOCUS.some((p) => new RegExp(p).test(name));
export const skipReason = (name) => SKIP.find((s) => new RegExp(s.pattern).test(name))?.reason;
