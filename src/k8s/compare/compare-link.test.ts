import { describe, expect, it } from 'vitest';
import { compareHref, parseCompareSearch } from './compare-link';

describe('compare links', () => {
  it('hold both sides and the everything switch, and read back the same', () => {
    const sides = { left: '/c/demo/apis/apps/v1/namespaces/default/deployments/web', right: '/c/prod/apis/apps/v1/namespaces/default/deployments/web', everything: true };
    const href = compareHref('demo', sides);
    expect(href.startsWith('/c/demo/-/compare?')).toBe(true);
    expect(parseCompareSearch(href.slice(href.indexOf('?')))).toEqual(sides);
  });

  it('leave the right side out until it is chosen', () => {
    const href = compareHref('demo', { left: '/c/demo/api/v1/namespaces/default/configmaps', right: null, everything: false });
    expect(parseCompareSearch(href.slice(href.indexOf('?')))).toEqual({ left: '/c/demo/api/v1/namespaces/default/configmaps', right: null, everything: false });
  });
});
