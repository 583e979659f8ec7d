// A self-signed serving certificate made at start (ECDSA P-256, minimal DER encoder), because kubectl
// (client-go clientcmd) only sends bearer tokens over TLS: a plain-HTTP kubeconfig would be anonymous.
import { X509Certificate, generateKeyPairSync, randomBytes, sign } from 'node:crypto';
import { isIP } from 'node:net';

function len(n: number): Buffer {
  if (n < 0x80) return Buffer.from([n]);
  const bytes: number[] = [];
  while (n > 0) {
    bytes.unshift(n & 0xff);
    n >>= 8;
  }
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), len(body.length), body]);
}

const seq = (...c: Buffer[]): Buffer => tlv(0x30, ...c);
const set = (...c: Buffer[]): Buffer => tlv(0x31, ...c);

function oid(dotted: string): Buffer {
  const parts = dotted.split('.').map(Number);
  const bytes: number[] = [(parts[0] ?? 0) * 40 + (parts[1] ?? 0)];
  for (const p of parts.slice(2)) {
    const chunk: number[] = [p & 0x7f];
    let v = p >> 7;
    while (v > 0) {
      chunk.unshift((v & 0x7f) | 0x80);
      v >>= 7;
    }
    bytes.push(...chunk);
  }
  return tlv(0x06, Buffer.from(bytes));
}

function utcTime(d: Date): Buffer {
  const s = d.toISOString().replace(/[-:T]/g, '').slice(2, 14) + 'Z';
  return tlv(0x17, Buffer.from(s, 'ascii'));
}

function ipBytes(ip: string): Buffer {
  if (isIP(ip) === 4) return Buffer.from(ip.split('.').map(Number));
  const [head = '', tail = ''] = ip.split('::');
  const h = head ? head.split(':') : [];
  const t = tail ? tail.split(':') : [];
  const groups = ip.includes('::') ? [...h, ...Array<string>(8 - h.length - t.length).fill('0'), ...t] : h;
  return Buffer.from(groups.flatMap((g) => [(parseInt(g, 16) >> 8) & 0xff, parseInt(g, 16) & 0xff]));
}

export interface ServingCert {
  keyPem: string;
  certPem: string;
}

/**
 * The serial number (DER INTEGER content) made from random bytes: positive (high bit clear) and minimal
 * (a DER INTEGER may not start with a redundant 0x00 byte), so the first byte is 0x40-0x7F.
 */
export function serialNumber(random: Buffer): Buffer {
  const serial = Buffer.from(random);
  serial[0] = ((serial[0] ?? 0) & 0x3f) | 0x40;
  return serial;
}

/** A self-signed CA+serving certificate valid for localhost, 127.0.0.1, ::1 and the bind host. */
export function makeServingCert(host: string): ServingCert {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
  const spki = publicKey.export({ type: 'spki', format: 'der' });
  const ecdsaSha256 = seq(oid('1.2.840.10045.4.3.2'));
  const name = seq(set(seq(oid('2.5.4.3'), tlv(0x0c, Buffer.from('kubeglass-demo-cluster')))));
  const serial = serialNumber(randomBytes(16));
  const now = Date.now();
  const sans = [tlv(0x82, Buffer.from('localhost')), tlv(0x87, ipBytes('127.0.0.1')), tlv(0x87, ipBytes('::1'))];
  if (isIP(host) && host !== '127.0.0.1' && host !== '::1') sans.push(tlv(0x87, ipBytes(host)));
  else if (!isIP(host) && host !== 'localhost') sans.push(tlv(0x82, Buffer.from(host)));
  const ext = (id: string, critical: boolean, value: Buffer): Buffer =>
    seq(oid(id), ...(critical ? [tlv(0x01, Buffer.from([0xff]))] : []), tlv(0x04, value));
  const extensions = tlv(
    0xa3,
    seq(
      ext('2.5.29.19', true, seq(tlv(0x01, Buffer.from([0xff])))),
      // digitalSignature | keyCertSign
      ext('2.5.29.15', true, tlv(0x03, Buffer.from([0x02, 0x84]))),
      ext('2.5.29.37', false, seq(oid('1.3.6.1.5.5.7.3.1'))),
      ext('2.5.29.17', false, seq(...sans)),
    ),
  );
  const tbs = seq(
    tlv(0xa0, tlv(0x02, Buffer.from([0x02]))),
    tlv(0x02, serial),
    ecdsaSha256,
    name,
    seq(utcTime(new Date(now - 3_600_000)), utcTime(new Date(now + 365 * 24 * 3_600_000))),
    name,
    spki,
    extensions,
  );
  const signature = sign('sha256', tbs, privateKey);
  const der = seq(tbs, ecdsaSha256, tlv(0x03, Buffer.concat([Buffer.from([0]), signature])));
  const certPem = new X509Certificate(der).toString();
  return { keyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(), certPem };
}
