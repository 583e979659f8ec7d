// Protobuf wire format writing: one message as a list of encoded fields, in the order they are added.

/** The bytes of a varint (negative numbers as 64-bit two's complement, ten bytes, as Go writes int64). */
function varintBytes(value: bigint | number): number[] {
  let v = BigInt.asUintN(64, BigInt(value));
  const out: number[] = [];
  while (v >= 0x80n) {
    out.push(Number(v & 0x7fn) | 0x80);
    v >>= 7n;
  }
  out.push(Number(v));
  return out;
}

/** A message being written; `finish()` is its encoding. */
export class MessageWriter {
  private readonly parts: Buffer[] = [];

  private tag(field: number, wire: number): void {
    this.parts.push(Buffer.from(varintBytes(field * 8 + wire)));
  }

  varint(field: number, value: bigint | number | boolean): this {
    this.tag(field, 0);
    this.parts.push(Buffer.from(varintBytes(typeof value === 'boolean' ? (value ? 1 : 0) : value)));
    return this;
  }

  double(field: number, value: number): this {
    this.tag(field, 1);
    const b = Buffer.alloc(8);
    b.writeDoubleLE(value);
    this.parts.push(b);
    return this;
  }

  float(field: number, value: number): this {
    this.tag(field, 5);
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.parts.push(b);
    return this;
  }

  /** A length-delimited field: bytes, a string, or an embedded message's encoding. */
  bytes(field: number, value: Buffer | string): this {
    const b = typeof value === 'string' ? Buffer.from(value, 'utf8') : value;
    this.tag(field, 2);
    this.parts.push(Buffer.from(varintBytes(b.length)), b);
    return this;
  }

  message(field: number, child: MessageWriter): this {
    return this.bytes(field, child.finish());
  }

  /** The encoded message. */
  finish(): Buffer {
    return Buffer.concat(this.parts);
  }
}

/** A 4-byte big-endian length before each frame: the framing of protobuf watch streams. */
export function lengthPrefixed(frame: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(frame.length);
  return Buffer.concat([head, frame]);
}
