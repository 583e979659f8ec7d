import { X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { makeServingCert } from './tls-cert.js';

describe('makeServingCert', () => {
  it('makes a certificate for localhost and the loopback addresses', () => {
    const cert = new X509Certificate(makeServingCert('127.0.0.1').certPem);
    expect(cert.subjectAltName).toBe('DNS:localhost, IP Address:127.0.0.1, IP Address:0:0:0:0:0:0:0:1');
    expect(cert.ca).toBe(true);
  });

  it('always encodes a valid serial number (DER INTEGERs have no redundant leading zero byte)', () => {
    // A random serial starting 0x00 0x00-0x7F is not DER: OpenSSL refused about one start in 256.
    for (let i = 0; i < 2000; i++) {
      const cert = new X509Certificate(makeServingCert('localhost').certPem);
      expect(cert.serialNumber).toMatch(/^[0-7][0-9A-F]{31}$/);
    }
  });
});
