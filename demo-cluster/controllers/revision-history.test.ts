import { describe, expect, it } from 'vitest';
import { controllerRevisionName, fnv32, hashControllerRevision, newRevision, revisionData, safeEncodeString } from './revision-history.js';

describe('revision history', () => {
  it('hashes the data JSON with FNV-1 (not 1a), then the probe, as SafeEncodeString digits', () => {
    // fnv.New32 of "a" is 0x050c5d7e; FNV-1a would give 0xe40c292c.
    expect(fnv32(Buffer.from('a'))).toBe(0x050c5d7e);
    const data = { spec: { template: { $patch: 'replace', metadata: { labels: { app: 'x' } } } } };
    // FNV-1 of `{"spec":...}` then of "0": 3204120225, mapped digit by digit onto bcdfghjklmnpqrstvwxz2456789.
    expect(hashControllerRevision(data, 0)).toBe('7648564669');
    expect(hashControllerRevision(data, undefined)).not.toBe('7648564669');
  });

  it('maps each byte onto consonants and digits', () => {
    expect(safeEncodeString('123')).toBe('567');
    expect(safeEncodeString('0')).toBe('4');
  });

  it('cuts a long prefix to 223 bytes', () => {
    expect(controllerRevisionName('a'.repeat(300), 'h')).toBe(`${'a'.repeat(223)}-h`);
  });

  it('the data is spec.template alone with $patch: replace, keys sorted; Go escapes HTML in the hashed text', () => {
    const sts = { metadata: { name: 's', namespace: 'n', uid: 'u' }, spec: { replicas: 2, template: { spec: { z: 1, a: '<b>' }, metadata: { labels: { b: '1', a: '2' } } } } };
    const data = revisionData(sts);
    expect(JSON.stringify(data)).toBe('{"spec":{"template":{"$patch":"replace","metadata":{"labels":{"a":"2","b":"1"}},"spec":{"a":"<b>","z":1}}}}');
    // FNV-1 of `{"a":"\u003c"}`, as encoding/json writes "<", then of "0".
    expect(hashControllerRevision({ a: '<' }, 0)).toBe('7649c48bbf');
    const revision = newRevision(sts, 'StatefulSet', 4);
    expect(revision.metadata).toMatchObject({ namespace: 'n', labels: { a: '2', b: '1', 'controller.kubernetes.io/hash': hashControllerRevision(data, 0) } });
    expect(revision.revision).toBe(4);
  });
});
