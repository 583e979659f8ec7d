// gzip's CRC-32 (RFC 1952), and its combination over a part whose CRC is known (zlib's crc32_combine, with the
// operator for the part's length made once): a document made per request from fixed parts (navigation-document)
// needs only its variable bytes read.

const POLYNOMIAL = 0xedb88320;

const TABLE = Uint32Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? POLYNOMIAL ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

/** CRC-32 of `data`, carried on from `crc`, the CRC-32 of the bytes before it. */
export function crc32(data: Uint8Array, crc = 0): number {
  let c = ~crc;
  for (let i = 0; i < data.length; i++) c = (TABLE[(c ^ (data[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return ~c >>> 0;
}

/** A linear map on the 32-bit register over GF(2), as its 32 columns (the images of bits 0..31). */
type Operator = Uint32Array;

function apply(operator: Operator, vector: number): number {
  let sum = 0;
  for (let i = 0, v = vector >>> 0; v !== 0; i++, v >>>= 1) if (v & 1) sum ^= operator[i] as number;
  return sum >>> 0;
}

/** `first` then `second`. */
function compose(second: Operator, first: Operator): Operator {
  return first.map((column) => apply(second, column));
}

/** The register's change for `bytes` zero bytes fed in (by squaring: ~log2(bytes) compositions). */
export function zeroBytesOperator(bytes: number): Operator {
  const oneBit = Uint32Array.from({ length: 32 }, (_, n) => (n === 0 ? POLYNOMIAL : 1 << (n - 1)));
  let power = compose(oneBit, oneBit);
  power = compose(power, power);
  power = compose(power, power);
  let result: Operator = Uint32Array.from({ length: 32 }, (_, n) => (1 << n) >>> 0);
  for (let n = bytes; n > 0; n = Math.floor(n / 2)) {
    if (n % 2 === 1) result = compose(power, result);
    power = compose(power, power);
  }
  return result;
}

/** CRC-32 of A then B, from CRC-32 of A, CRC-32 of B and zeroBytesOperator(B's length). */
export function crc32Combine(crcA: number, crcB: number, zerosOfB: Operator): number {
  return (apply(zerosOfB, crcA) ^ crcB) >>> 0;
}
