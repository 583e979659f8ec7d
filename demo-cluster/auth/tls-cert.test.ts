import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeServingCert, serialNumber } from './tls-cert.js';

/** DER: an INTEGER is positive when its first bit is clear, minimal when it does not start 0x00 then 0x00-0x7F. */
const isPositiveMinimalInteger = (b: Buffer): boolean => ((b[0] ?? 0) & 0x80) === 0 && !(b[0] === 0 && ((b[1] ?? 0) & 0x80) === 0);

describe('makeServingCert', () => {
  it('makes a certificate for localhost and the loopback addresses', () => {
    const cert = new X509Certificate(makeServingCert('127.0.0.1').certPem);
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(cert.ca).toBe(true);
  });

  it('encodes every random start as a valid serial number (OpenSSL refused 0x00 0x00-0x7F starts, one in 256)', () => {
    for (const first of [0x00, 0x01, 0x3f, 0x40, 0x7f, 0x80, 0xbf, 0xc0, 0xff]) {
      for (const rest of [0x00, 0x7f, 0x80, 0xff]) {
        const random = Buffer.alloc(16, rest);
        random[0] = first;
        const serial = serialNumber(random);
        expect(isPositiveMinimalInteger(serial)).toBe(true);
        expect(serial.subarray(1)).toEqual(random.subarray(1));
      }
    }
  });

  it('certificates carry such serials', () => {
    for (let i = 0; i < 4; i++) expect(new X509Certificate(makeServingCert('localhost').certPem).serialNumber).toMatch(/^[4-7][0-9A-F]{31}$/);
  });
});
