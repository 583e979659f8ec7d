// A release Secret's data.release, decoded as helm's pkg/storage/driver/util.go decodeRelease does: the Secret's own
// base64 holds helm's base64 of gzip(JSON); helm skips the gunzip when the gzip magic is absent (releases stored
// before it compressed). Runs in the browser: atob and DecompressionStream.
import { HelmReleaseDataError, toHelmRelease, type HelmRelease } from './release';

const GZIP_MAGIC = [0x1f, 0x8b, 0x08];
/** More than any release helm can store (a Secret holds 1 MiB; manifests compress ~10x); past it, not a release. */
const MAX_JSON_BYTES = 64 * 1024 * 1024;

function base64Bytes(text: string, what: string): Uint8Array {
  let binary: string;
  try {
    binary = atob(text.replace(/\s+/g, ''));
  } catch {
    throw new HelmReleaseDataError(`${what} is not base64`);
  }
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function gunzip(bytes: Uint8Array): Promise<Uint8Array> {
  const stream = new DecompressionStream('gzip');
  const writer = stream.writable.getWriter();
  // A corrupt stream fails the reads below; the writer's own rejections say the same thing again.
  writer.write(bytes as Uint8Array<ArrayBuffer>).catch(() => undefined);
  writer.close().catch(() => undefined);
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > MAX_JSON_BYTES) {
        void reader.cancel();
        throw new HelmReleaseDataError(`The release data inflates past ${MAX_JSON_BYTES / 1024 / 1024} MiB`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof HelmReleaseDataError) throw error;
    throw new HelmReleaseDataError(`The release data is not valid gzip (${error instanceof Error ? error.message : String(error)})`);
  }
  const out = new Uint8Array(size);
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.byteLength;
  }
  return out;
}

const isGzip = (bytes: Uint8Array) => GZIP_MAGIC.every((b, i) => bytes[i] === b);

/** helm's stored string (base64 of gzip(JSON), or of plain JSON) -> the release. */
export async function decodeHelmRelease(helmEncoded: string): Promise<HelmRelease> {
  const packed = base64Bytes(helmEncoded, 'The release data');
  const bytes = isGzip(packed) ? await gunzip(packed) : packed;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch {
    throw new HelmReleaseDataError(isGzip(packed) ? 'The release data inflates to something that is not JSON' : 'The release data is neither gzip nor JSON');
  }
  return toHelmRelease(json);
}

/** A release Secret's `data.release` (the Secret's base64 of helm's string) -> the release. */
export async function decodeReleaseSecretData(secretData: string | undefined): Promise<HelmRelease> {
  if (secretData === undefined || secretData === '') throw new HelmReleaseDataError('The Secret has no data.release');
  const helmEncoded = new TextDecoder().decode(base64Bytes(secretData, "The Secret's data.release"));
  return decodeHelmRelease(helmEncoded);
}
