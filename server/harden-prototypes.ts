// Defence in depth against prototype pollution, applied by bin/kubeglass.js before anything else loads (server and
// demo cluster alike). In-process rather than re-executing node with --disable-proto=throw: the same effect
// without a second process and its start-up time. On top of the flag's effect, the built-in prototypes take no new
// members, so even a write that reaches one through `constructor.prototype` (which the flag does not cover) fails.

/** What node --disable-proto=throw throws, so the two are told apart by nobody. */
function protoAccessError(): TypeError {
  const error = new TypeError('Accessing Object.prototype.__proto__ has been disallowed with --disable-proto=throw');
  Object.defineProperty(error, 'code', { value: 'ERR_PROTO_ACCESS' });
  return error;
}

const SEALED_PROTOTYPES: readonly object[] = [Object.prototype, Array.prototype, Function.prototype, String.prototype, Number.prototype, Boolean.prototype];

/**
 * Makes every use of the inherited `__proto__` accessor throw (an own `__proto__` field of parsed JSON stays an
 * ordinary field) and stops the built-in prototypes from gaining members. Idempotent.
 */
export function hardenPrototypes(): void {
  const current = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__');
  if (current?.configurable) {
    const refuse = (): never => {
      throw protoAccessError();
    };
    Object.defineProperty(Object.prototype, '__proto__', { get: refuse, set: refuse, enumerable: false, configurable: false });
  }
  for (const prototype of SEALED_PROTOTYPES) Object.preventExtensions(prototype);
}

/** Whether hardenPrototypes (or node --disable-proto) is in effect. */
export function prototypesHardened(): boolean {
  let protoRefused = false;
  try {
    void (Object.prototype as { __proto__?: unknown }).__proto__;
  } catch (error) {
    protoRefused = (error as { code?: unknown }).code === 'ERR_PROTO_ACCESS';
  }
  const delisted = !Object.hasOwn(Object.prototype, '__proto__');
  return (protoRefused || delisted) && SEALED_PROTOTYPES.every((prototype) => !Object.isExtensible(prototype));
}
