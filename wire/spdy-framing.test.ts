import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { SPDY_DICTIONARY, controlFrame, dataFrame, decodeHeaderBlock, encodeHeaderBlock, FLAG_FIN, HeaderBlockReader, HeaderBlockWriter, SpdyFrameReader, SYN_REPLY } from './spdy-framing.js';

describe('SPDY/3.1 framing', () => {
  it('splits a byte stream into frames whatever the chunk boundaries', () => {
    const bytes = Buffer.concat([controlFrame(SYN_REPLY, 0, Buffer.from([0, 0, 0, 1])), dataFrame(3, FLAG_FIN, Buffer.from('hello'))]);
    const reader = new SpdyFrameReader();
    const frames = [...bytes].flatMap((b) => reader.push(Buffer.from([b])));
    expect(frames).toEqual([
      { kind: 'control', type: SYN_REPLY, flags: 0, payload: Buffer.from([0, 0, 0, 1]) },
      { kind: 'data', streamId: 3, flags: FLAG_FIN, data: Buffer.from('hello') },
    ]);
    expect([...bytes.subarray(0, 4)]).toEqual([0x80, 0x03, 0x00, SYN_REPLY]);
  });

  it('encodes and decodes name/value blocks', () => {
    const block = encodeHeaderBlock([
      ['streamtype', 'data'],
      ['port', '8080'],
    ]);
    expect(decodeHeaderBlock(block)).toEqual(
      new Map([
        ['streamtype', 'data'],
        ['port', '8080'],
      ]),
    );
  });

  it('writes header blocks as one zlib stream, each ending in a sync flush', () => {
    const writer = new HeaderBlockWriter();
    const first = writer.write(encodeHeaderBlock([['a', '1']]));
    const second = writer.write(encodeHeaderBlock([]));
    expect([...first.subarray(0, 2)]).toEqual([0x78, 0x01]);
    expect([...second.subarray(-5)]).toEqual([0, 0, 0, 0xff, 0xff]);
    const plain = zlib.inflateSync(Buffer.concat([first, second]), { finishFlush: zlib.constants.Z_SYNC_FLUSH });
    expect(plain).toEqual(Buffer.concat([encodeHeaderBlock([['a', '1']]), encodeHeaderBlock([])]));
  });

  it("reads the client's blocks: one deflate stream with the SPDY dictionary, flushed after each block", async () => {
    const deflate = zlib.createDeflate({ dictionary: SPDY_DICTIONARY, level: 9 });
    const compressedBlock = (plain: Buffer): Promise<Buffer> =>
      new Promise((resolve) => {
        const chunks: Buffer[] = [];
        const onData = (chunk: Buffer): void => void chunks.push(chunk);
        deflate.on('data', onData);
        deflate.write(plain);
        deflate.flush(zlib.constants.Z_SYNC_FLUSH, () => {
          deflate.off('data', onData);
          resolve(Buffer.concat(chunks));
        });
      });
    const reader = new HeaderBlockReader();
    const first = await compressedBlock(encodeHeaderBlock([['streamtype', 'error'], ['port', '80'], ['requestid', '0']]));
    const second = await compressedBlock(encodeHeaderBlock([['streamtype', 'data'], ['port', '80'], ['requestid', '0']]));
    deflate.close();
    expect(reader.read(first)).toEqual(new Map([['streamtype', 'error'], ['port', '80'], ['requestid', '0']]));
    // The second block refers back to the first (same zlib window): only the reader that read the first decodes it.
    expect(reader.read(second)).toEqual(new Map([['streamtype', 'data'], ['port', '80'], ['requestid', '0']]));
  });
});
