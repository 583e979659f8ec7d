import { useState } from 'react';

/** The last result of compute(...args), kept while the arguments stay the same (Object.is each). */
class LastCall<A extends readonly unknown[], R> {
  private last: { args: A; value: R } | null = null;

  call(compute: (...args: A) => R, args: A): R {
    const last = this.last;
    if (last && last.args.length === args.length && last.args.every((arg, i) => Object.is(arg, args[i]))) return last.value;
    const value = compute(...args);
    this.last = { args, value };
    return value;
  }
}

/**
 * useMemo(() => compute(...args), args) without a closure in the calling component. Every closure a render
 * creates shares one scope, and React keeps some of them for many renders (effects and callbacks whose deps
 * did not change, event handlers): a memo closure over the rows made that scope, and so an old rows array,
 * outlive its render. `compute` must be a module-level function.
 */
export function useMemoCall<A extends readonly unknown[], R>(compute: (...args: A) => R, ...args: A): R {
  const [memo] = useState(() => new LastCall<A, R>());
  return memo.call(compute, args);
}
