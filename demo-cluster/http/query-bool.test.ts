import { describe, expect, it } from 'vitest';
import { prettyParameter, queryFlag, queryOptionalFlag } from './query-bool.js';

const q = (text: string) => new URLSearchParams(text);

describe('boolean query parameters, decoded like kube-apiserver', () => {
  it('treats every spelling but 0 and false as true, the empty value included', () => {
    for (const text of ['watch=true', 'watch=True', 'watch=TRUE', 'watch=1', 'watch=', 'watch', 'watch=yes']) expect(queryFlag(q(text), 'watch')).toBe(true);
    for (const text of ['watch=false', 'watch=False', 'watch=FALSE', 'watch=0', '']) expect(queryFlag(q(text), 'watch')).toBe(false);
  });

  it('leaves an absent *bool unset', () => {
    expect(queryOptionalFlag(q('x=1'), 'force')).toBeUndefined();
    expect(queryOptionalFlag(q('force=True'), 'force')).toBe(true);
    expect(queryOptionalFlag(q('force=false'), 'force')).toBe(false);
  });

  it('reads ?pretty with strconv.ParseBool, empty meaning "decide by User-Agent"', () => {
    expect(prettyParameter(q('pretty=True'))).toBe(true);
    expect(prettyParameter(q('pretty=t'))).toBe(true);
    expect(prettyParameter(q('pretty=yes'))).toBe(false);
    expect(prettyParameter(q('pretty=0'))).toBe(false);
    expect(prettyParameter(q('pretty='))).toBeNull();
    expect(prettyParameter(q(''))).toBeNull();
  });
});
