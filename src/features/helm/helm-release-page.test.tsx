// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { releaseSecret, type ReleaseFixture } from '../../testing/helm-release';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { HelmReleasePage } from './helm-release-page';
import type { HelmTools } from './helm-tools';

cleanUpAfterEach();

const tools: HelmTools = {
  DiffEditor: ({ original, modified, label }) => (
    <div aria-label={label}>
      <pre data-testid="left">{original}</pre>
      <pre data-testid="right">{modified}</pre>
    </div>
  ),
  objectApiPath: (_index, _apiVersion, kind, name, namespace) => (kind === 'ConfigMap' ? `/api/v1/namespaces/${namespace}/configmaps/${name}` : null),
};

const manifest = (rate: string) => `---\n# Source: shop/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: settings\ndata:\n  rate: "${rate}"\n`;
const REVISIONS: ReleaseFixture[] = [
  { name: 'shop', namespace: 'shop', version: 1, status: 'superseded', manifest: manifest('0.16'), config: { rate: '0.16' } },
  { name: 'shop', namespace: 'shop', version: 2, status: 'deployed', manifest: manifest('0.19'), config: { rate: '0.19' } },
];

/** GET /-/contexts, the release Secrets' metadata, and each revision's Secret. */
async function serve(accessTokenRequired: boolean) {
  const secrets = await Promise.all(REVISIONS.map(releaseSecret));
  return stubFetch((url) => {
    const json = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
    if (url.startsWith('/-/contexts')) return json({ contexts: [{ name: 'demo', server: 'http://x', demo: true }], default: 'demo', accessTokenRequired });
    if (url.startsWith('/k8s/demo/api/v1/namespaces/shop/secrets?')) {
      return json({ kind: 'PartialObjectMetadataList', apiVersion: 'meta.k8s.io/v1', metadata: {}, items: secrets.map((s) => ({ kind: 'PartialObjectMetadata', metadata: s.metadata })) });
    }
    const one = secrets.find((s) => url === `/k8s/demo/api/v1/namespaces/shop/secrets/${s.metadata.name}`);
    if (one) return json(one);
    return new Response(JSON.stringify({ kind: 'Status', code: 404, reason: 'NotFound', message: `not served: ${url}` }), { status: 404 });
  });
}

const page = (search: string) => <HelmReleasePage context="demo" namespace="shop" name="shop" search={search} onNavigate={() => {}} tools={tools} />;

describe('HelmReleasePage', () => {
  it('asks for the Secrets by label as metadata only, then decodes only the revisions a view shows', async () => {
    const fetch = await serve(false);
    renderInProviders(page('?view=manifest&revision=1'));
    await waitFor(() => expect(screen.getByTestId('helm-manifest').textContent).toContain('rate: "0.16"'));
    const list = fetch.mock.calls.find(([url]) => url.includes('/secrets?'));
    expect(decodeURIComponent(list?.[0] ?? '')).toContain('labelSelector=owner=helm,name=shop');
    expect((list?.[1]?.headers as Record<string, string>).Accept).toMatch(/^application\/json;as=PartialObjectMetadataList;g=meta.k8s.io;v=v1/);
    expect(screen.getByRole('link', { name: 'Open ConfigMap settings' }).getAttribute('href')).toBe('/c/demo/api/v1/namespaces/shop/configmaps/settings');
    const gets = fetch.mock.calls.map(([url]) => url).filter((url) => /\/secrets\/sh\.helm/.test(url));
    // Revision 1 for the view, revision 2 for the header: each once.
    expect(gets.sort()).toEqual(['/k8s/demo/api/v1/namespaces/shop/secrets/sh.helm.release.v1.shop.v1', '/k8s/demo/api/v1/namespaces/shop/secrets/sh.helm.release.v1.shop.v2']);
  });

  it('previews a rollback with the helm line to run', async () => {
    await serve(false);
    renderInProviders(page('?view=rollback&to=1'));
    await waitFor(() => expect(screen.getByTestId('helm-rollback-command').textContent).toBe('helm rollback shop 1 -n shop --kubeconfig=/dev/null --kube-apiserver http://localhost:3000/k8s/demo'));
    expect(screen.getAllByTestId('right')[0]?.textContent).toContain('rate: "0.16"');
    expect(screen.getAllByTestId('left')[0]?.textContent).toContain('rate: "0.19"');
  });

  it('offers no helm line where kubeglass demands its access token (helm sends a token over HTTPS only)', async () => {
    await serve(true);
    renderInProviders(page('?view=rollback&to=1'));
    await waitFor(() => expect(screen.getByTestId('helm-rollback-blocked').textContent).toMatch(/^No helm line: this kubeglass demands its access token/));
    expect(screen.queryByTestId('helm-rollback-command')).toBeNull();
  });
});
