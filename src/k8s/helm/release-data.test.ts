import { describe, expect, it } from 'vitest';
import { bytesToBase64, gzipBytes, helmEncode, releaseJson, releaseSecret } from '../../testing/helm-release';
import { decodeHelmRelease, decodeReleaseSecretData } from './release-data';
import { HelmReleaseDataError } from './release';

const MANIFEST = '---\n# Source: shop/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: shop-settings\ndata:\n  currency: EUR\n';

// data.release of the Secret helm v3.22.0 wrote for `helm install fixture ./fixture -n fx --set greeting=hi` against
// kube-apiserver v1.37.2 (a chart of one ConfigMap template and a NOTES.txt; values.yaml `greeting: hello`).
const HELM_WRITTEN =
  'SDRzSUFBQUFBQUFDLzVSU1hVL2pPQlQ5SzlIZDF6UWtnVUN4eEVzTFRTTlkwRUszYmJKWmpWekhjVXo5RVNWT3B3WDF2NDhjYURzYTVtWGU3SE8venJuM3ZJUENrZ0tDa205TjExQndnYXRTQTNxSGtqZXQrVmJRV3VnZExRQkI2SWVYZ3lBYytPRXN1RURCRUYzNFhqQ01vdXZoK2RWVkJpNEkvSWNGQlJYVTlLbjlweVVOcnczWENoQWtxalZZQ0lkb1dkc2tjS0UxMkhRdElEaU9jRUZwUXkwMHE3QmF0MDZwRzRkL1ZITEZuRTlSWHE1Zzd3S3BjR09zTWtrTkxyREI5djFGL29ZMjdRY0Yzd3M4SDF6QU5aOGZ3VTNZSS9VSkNUM2ZkaGVhckFHcFRnZ1hESlcxd0Qyei80NGpqdURaNDlQczdzVXpXMk5WOXp4Z0hsZlZTcHEzSk00MmhJL3FsWHIwMDhXMnhZdElKVk56bFl5ald4eFBkc1U0ZWtvWGdVaW13ZlVEMHpld2QzOHpnRWh2aDZVNHRVK1hvM291NXpzU2lzM3FWYlBpOWU0ZWg2TExialg3Sjd6dU1pblViREg1UHBhQktPTEpPbDArVjA5TXN5U09xdFhpMzh0UENpL1pZaXZTNWFONFdQYzRLNWUrU1VQL1Bvc25manJUOThsNHBJaWNpeUlXWGZhbUdUMXYyWVBJcXRWMExzZ3VPc1YybzJFeW5RU3I4K2RleXBqZDNNRCtmeGMyV0hSMmJlL0FHa29OVnd3UVZGUUliWGZja29wS2ZOaHl5WVZOdFI5N1hhMUt6bjZ0NUxaTVlzVkwyaHBBTUJnTWN2V1g4Nks3aGxCME1NalpsOVhsNm5SMTVHeUNYSzI1S3BBejdxZjhqZXRjSFZ5RWN1VTQ5Z1RIZGdNaWMzVU1IZWdnSjRlSzU1Q3JuMTBXdVAzNTJocVQzb2RiMlA4SUFBRC8vN1BhVGFPVUF3QUE=';

describe('decodeReleaseSecretData', () => {
  it('reads a Secret that helm itself wrote', async () => {
    expect(await decodeReleaseSecretData(HELM_WRITTEN)).toEqual({
      name: 'fixture',
      namespace: 'fx',
      revision: 1,
      info: { status: 'deployed', firstDeployed: '2026-12-02T14:18:40.185598377Z', lastDeployed: '2026-12-02T14:18:40.185598377Z', description: 'Install complete', notes: 'Thanks for installing fixture.\n' },
      chart: { name: 'fixture', version: '0.1.0', appVersion: '2.0', description: '' },
      config: { greeting: 'hi' },
      chartValues: { greeting: 'hello' },
      manifest: '---\n# Source: fixture/templates/cm.yaml\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: fixture-cm\ndata:\n  greeting: "hi"\n',
    });
  });

  it('reads a release Secret as helm writes it into typed fields', async () => {
    const secret = await releaseSecret({
      name: 'shop',
      namespace: 'shop',
      version: 2,
      status: 'deployed',
      chart: { name: 'shop', version: '0.3.0', appVersion: '1.2.0' },
      config: { frontend: { tag: '1.2.0' } },
      chartValues: { frontend: { tag: 'latest', replicas: 2 } },
      manifest: MANIFEST,
      notes: 'Visit http://shop.local',
      description: 'Upgrade complete',
    });
    const release = await decodeReleaseSecretData((secret.data as { release: string }).release);
    expect(release).toEqual({
      name: 'shop',
      namespace: 'shop',
      revision: 2,
      info: { status: 'deployed', firstDeployed: '2026-12-01T09:00:00Z', lastDeployed: '2026-12-01T10:00:00.123456789Z', description: 'Upgrade complete', notes: 'Visit http://shop.local' },
      chart: { name: 'shop', version: '0.3.0', appVersion: '1.2.0', description: '' },
      config: { frontend: { tag: '1.2.0' } },
      chartValues: { frontend: { tag: 'latest', replicas: 2 } },
      manifest: MANIFEST,
    });
  });

  it('reads releases stored uncompressed, as helm still does (no gzip magic)', async () => {
    const plain = bytesToBase64(new TextEncoder().encode(JSON.stringify(releaseJson({ name: 'old', namespace: 'default', version: 1 }))));
    const release = await decodeHelmRelease(plain);
    expect(release.name).toBe('old');
    expect(release.revision).toBe(1);
  });

  it('keeps non-ASCII text (UTF-8 through gzip and base64)', async () => {
    const release = await decodeHelmRelease(await helmEncode(releaseJson({ name: 'ü', namespace: 'x', version: 1, notes: 'Grüße ✓' })));
    expect(release.info.notes).toBe('Grüße ✓');
  });

  it.each([
    ['no data', undefined, 'The Secret has no data.release'],
    ['Secret data that is not base64', '%%%', "The Secret's data.release is not base64"],
    ["helm's string that is not base64", btoa('not base64!'), 'The release data is not base64'],
    ['neither gzip nor JSON', btoa(btoa('hello')), 'The release data is neither gzip nor JSON'],
  ])('says what is wrong with %s', async (_what, data, message) => {
    await expect(decodeReleaseSecretData(data)).rejects.toThrow(new HelmReleaseDataError(message));
  });

  it('says when gzip data is corrupt or inflates to something else than JSON', async () => {
    const gz = await gzipBytes(new TextEncoder().encode('{"name":"shop","version":1}'));
    const corrupt = gz.slice(0, gz.length - 12);
    corrupt[12] = (corrupt[12] ?? 0) ^ 0xff;
    await expect(decodeHelmRelease(bytesToBase64(corrupt))).rejects.toThrow(/not valid gzip/);
    const notJson = bytesToBase64(await gzipBytes(new TextEncoder().encode('apiVersion: v1')));
    await expect(decodeHelmRelease(notJson)).rejects.toThrow('The release data inflates to something that is not JSON');
  });

  it('rejects JSON that is not a release', async () => {
    await expect(decodeHelmRelease(await helmEncode([1, 2]))).rejects.toThrow('not a release object');
    await expect(decodeHelmRelease(await helmEncode({ version: 1 }))).rejects.toThrow('has no name');
    await expect(decodeHelmRelease(await helmEncode({ name: 'a', config: 'x' }))).rejects.toThrow("The release's config is not an object");
  });
});
