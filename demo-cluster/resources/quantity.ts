// resource.Quantity as apimachinery parses, adds and prints it: an exact amount (nano units here, a BigInt), the
// format its suffix chose (DecimalSI, BinarySI, DecimalExponent), and String() in canonical form ("1k", "1536Mi").

export type QuantityFormat = 'DecimalSI' | 'BinarySI' | 'DecimalExponent';

export interface Quantity {
  /** The amount in units of 10^-9. */
  nanos: bigint;
  format: QuantityFormat;
}

const BINARY: Record<string, bigint> = { Ki: 1n << 10n, Mi: 1n << 20n, Gi: 1n << 30n, Ti: 1n << 40n, Pi: 1n << 50n, Ei: 1n << 60n };
const DECIMAL: Record<string, number> = { n: -9, u: -6, m: -3, '': 0, k: 3, M: 6, G: 9, T: 12, P: 15, E: 18 };
const NANO = 1_000_000_000n;

/** resource.ParseQuantity's grammar: sign, digits with an optional fraction, then a suffix. */
const QUANTITY = /^([+-]?)(\d+(?:\.\d*)?|\.\d+)(Ki|Mi|Gi|Ti|Pi|Ei|[numkMGTPE]|[eE][+-]?\d+)?$/;

/** ceil(n / d) for positive d (Go rounds amounts below a nano up, away from zero for positive values). */
function divCeil(n: bigint, d: bigint): bigint {
  const q = n / d;
  return n % d !== 0n && n > 0n ? q + 1n : q;
}

/** A quantity from its text; undefined when resource.ParseQuantity would refuse it. */
export function parseQuantity(text: unknown): Quantity | undefined {
  if (typeof text === 'number' && Number.isFinite(text)) return parseQuantity(String(text));
  if (typeof text !== 'string') return undefined;
  const m = QUANTITY.exec(text.trim());
  if (!m) return undefined;
  const [, sign = '', number = '0', suffix = ''] = m;
  const [whole = '', fraction = ''] = number.split('.');
  // digits * 10^-fraction.length, as an exact rational num/den.
  let num = BigInt((whole || '0') + fraction) * NANO;
  let den = 10n ** BigInt(fraction.length);
  let format: QuantityFormat = 'DecimalSI';
  if (suffix in BINARY) {
    num *= BINARY[suffix] ?? 1n;
    format = 'BinarySI';
  } else if (/^[eE]/.test(suffix)) {
    const exp = Number(suffix.slice(1));
    if (exp >= 0) num *= 10n ** BigInt(exp);
    else den *= 10n ** BigInt(-exp);
    format = 'DecimalExponent';
  } else {
    const exp = DECIMAL[suffix] ?? 0;
    if (exp >= 0) num *= 10n ** BigInt(exp);
    else den *= 10n ** BigInt(-exp);
  }
  const nanos = divCeil(num, den);
  return { nanos: sign === '-' ? -nanos : nanos, format };
}

export function quantityOf(count: number): Quantity {
  return { nanos: BigInt(count) * NANO, format: 'DecimalSI' };
}

export const ZERO: Quantity = { nanos: 0n, format: 'DecimalSI' };

/** Quantity.Add: a zero receiver takes the other's format. */
export function addQuantity(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos + b.nanos, format: a.nanos === 0n ? b.format : a.format };
}

export function subQuantity(a: Quantity, b: Quantity): Quantity {
  return { nanos: a.nanos - b.nanos, format: a.nanos === 0n ? b.format : a.format };
}

export function compareQuantity(a: Quantity, b: Quantity): number {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** mantissa * 10^exponent with exponent a multiple of 3 and as large as keeps the mantissa whole (AsCanonicalBytes). */
function decimal(nanos: bigint): { mantissa: bigint; exponent: number } {
  let mantissa = nanos;
  let exponent = -9;
  while (mantissa !== 0n && mantissa % 1000n === 0n && exponent < 18) {
    mantissa /= 1000n;
    exponent += 3;
  }
  if (mantissa === 0n) exponent = 0;
  return { mantissa, exponent };
}

const DECIMAL_SUFFIX: Record<number, string> = { [-9]: 'n', [-6]: 'u', [-3]: 'm', 0: '', 3: 'k', 6: 'M', 9: 'G', 12: 'T', 15: 'P', 18: 'E' };
const BINARY_SUFFIX = ['', 'Ki', 'Mi', 'Gi', 'Ti', 'Pi', 'Ei'];

/** Quantity.String(): BinarySI falls back to DecimalSI below 1024 or for fractions, as CanonicalizeBytes does. */
export function formatQuantity(q: Quantity): string {
  const whole = q.nanos % NANO === 0n;
  const abs = q.nanos < 0n ? -q.nanos : q.nanos;
  if (q.format === 'BinarySI' && whole && abs >= 1024n * NANO) {
    let value = q.nanos / NANO;
    let power = 0;
    while (value % 1024n === 0n && power < 6) {
      value /= 1024n;
      power++;
    }
    return `${value}${BINARY_SUFFIX[power] ?? ''}`;
  }
  const { mantissa, exponent } = decimal(q.nanos);
  if (q.format === 'DecimalExponent') return exponent === 0 ? `${mantissa}` : `${mantissa}e${exponent}`;
  return `${mantissa}${DECIMAL_SUFFIX[exponent] ?? ''}`;
}

/** The canonical text of a stored quantity string; the input itself when it does not parse. */
export function quantityString(text: unknown): string {
  const q = parseQuantity(text);
  return q ? formatQuantity(q) : String(text);
}
