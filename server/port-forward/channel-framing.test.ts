import { describe, expect, it } from 'vitest';
import { ChannelReader, frame } from './channel-framing.js';

const prefix = (channel: number, port: number, rest: number[] = []): Buffer => Buffer.from([channel, port & 0xff, port >> 8, ...rest]);

describe('port-forward channel framing', () => {
  it('puts the channel byte before the data', () => {
    expect([...frame(0, Buffer.from('GET'))]).toEqual([0, 0x47, 0x45, 0x54]);
    expect([...frame(3, Buffer.alloc(0))]).toEqual([3]);
  });

  it("takes each channel's first two bytes as its port, little-endian, and passes later bytes as they are", () => {
    const reader = new ChannelReader([8080]);
    expect(reader.read(prefix(0, 8080))).toEqual({ kind: 'port', portIndex: 0, port: 8080 });
    expect(reader.read(prefix(1, 8080))).toEqual({ kind: 'port', portIndex: 0, port: 8080 });
    // A later message starting with the same bytes is data, not a second prefix.
    expect(reader.read(prefix(0, 8080, [0x41]))).toEqual({ kind: 'data', portIndex: 0, data: Buffer.from([0x90, 0x1f, 0x41]) });
    expect(reader.read(Buffer.from([1, ...Buffer.from('refused')]))).toEqual({ kind: 'error', portIndex: 0, text: 'refused' });
  });

  it('keeps data that arrives in the same message as the prefix', () => {
    const reader = new ChannelReader([80]);
    expect(reader.read(prefix(0, 80, [0x68, 0x69]))).toEqual({ kind: 'data', portIndex: 0, data: Buffer.from('hi') });
    expect(reader.read(Buffer.concat([prefix(1, 80), Buffer.from('boom')]))).toEqual({ kind: 'error', portIndex: 0, text: 'boom' });
  });

  it('maps channels 2i and 2i+1 to the i-th port', () => {
    const reader = new ChannelReader([80, 443]);
    expect(reader.read(prefix(2, 443))).toEqual({ kind: 'port', portIndex: 1, port: 443 });
    expect(reader.read(Buffer.from([3, 0xbb, 0x01, 0x78]))).toEqual({ kind: 'error', portIndex: 1, text: 'x' });
  });

  it('refuses a wrong port, a short prefix, an unknown channel and an empty message', () => {
    const reader = new ChannelReader([80]);
    expect(reader.read(prefix(0, 81)).kind).toBe('invalid');
    expect(reader.read(Buffer.from([1, 80])).kind).toBe('invalid');
    expect(reader.read(Buffer.from([2, 80, 0]))).toEqual({ kind: 'invalid', why: 'message on channel 2, beyond the 2 asked' });
    expect(reader.read(Buffer.alloc(0)).kind).toBe('invalid');
  });
});
