// `kubectl auth whoami` (v1.32 on PATH) against the demo cluster: its typed client POSTs a protobuf
// authentication.k8s.io/v1 SelfSubjectReview and prints the userInfo of the answer.
import { describe, expect, it } from 'vitest';
import { useCluster } from '../testing/cluster.js';
import { useKubectl } from '../testing/kubectl-harness.js';

const cluster = useCluster();
const { kubectl } = useKubectl(cluster, 'whoami');

describe.each([
  ['demo', 'admin', ['system:masters', 'system:authenticated']],
  ['demo-viewer', 'viewer', ['system:authenticated']],
  ['demo-developer', 'developer', ['system:authenticated']],
])('kubectl auth whoami, context %s', (context, username, groups) => {
  it(`prints ${username} and its groups`, async () => {
    const { code, stdout, stderr } = await kubectl('--context', context, 'auth', 'whoami');
    expect(stderr).toBe('');
    expect(code).toBe(0);
    expect(stdout).toMatch(new RegExp(`^ATTRIBUTE\\s+VALUE\\nUsername\\s+${username}\\nGroups\\s+\\[${groups.join(' ')}\\]\\n$`));
  });

  it('-o json: the SelfSubjectReview as the server answered it', async () => {
    const { code, stdout } = await kubectl('--context', context, 'auth', 'whoami', '-o', 'json');
    expect(code).toBe(0);
    const review = JSON.parse(stdout) as { metadata: { creationTimestamp: string } };
    expect(review).toEqual({ kind: 'SelfSubjectReview', apiVersion: 'authentication.k8s.io/v1', metadata: { creationTimestamp: expect.any(String) }, status: { userInfo: { username, groups } } });
    expect(Date.parse(review.metadata.creationTimestamp)).toBeGreaterThan(Date.now() - 60_000);
  });
});
