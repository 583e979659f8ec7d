import { describe, expect, it } from 'vitest';
import { diffRevisions, parseViewState, viewSearch } from './release-view-state';
import { helmReleaseUrl, helmReleasesUrl } from './helm-urls';

describe('release view state', () => {
  it('reads the view from the query, ignoring what is not a revision', () => {
    expect(parseViewState('?view=diff&from=1&to=2')).toEqual({ view: 'diff', revision: null, from: 1, to: 2, all: false });
    expect(parseViewState('?view=values&revision=3&all=1')).toEqual({ view: 'values', revision: 3, from: null, to: null, all: true });
    expect(parseViewState('?view=nope&revision=0&from=-1&to=x')).toEqual({ view: 'history', revision: null, from: null, to: null, all: false });
  });

  it('writes only what the view reads, and round-trips', () => {
    expect(viewSearch({ view: 'history', revision: 2, from: 1 })).toBe('');
    expect(viewSearch({ view: 'diff', from: 1, to: 2, revision: 5 })).toBe('?view=diff&from=1&to=2');
    expect(viewSearch({ view: 'rollback', to: 1 })).toBe('?view=rollback&to=1');
    expect(viewSearch({ view: 'values', revision: 2, all: true })).toBe('?view=values&revision=2&all=1');
    const state = parseViewState('?view=manifest&revision=4');
    expect(parseViewState(viewSearch(state))).toEqual(state);
  });

  it('diffs the previous revision against the current one unless asked otherwise', () => {
    expect(diffRevisions({ from: null, to: null }, [3, 1, 2])).toEqual({ from: 2, to: 3 });
    expect(diffRevisions({ from: 1, to: null }, [3, 2, 1])).toEqual({ from: 1, to: 3 });
    expect(diffRevisions({ from: null, to: 2 }, [3, 2, 1])).toEqual({ from: 1, to: 2 });
    expect(diffRevisions({ from: null, to: null }, [1])).toBeNull();
  });

  it('builds the screens\' URLs', () => {
    expect(helmReleasesUrl('demo', null)).toBe('/c/demo/-/helm');
    expect(helmReleasesUrl('demo', 'shop')).toBe('/c/demo/-/helm?namespace=shop');
    expect(helmReleaseUrl('demo', 'shop', 'shop', { view: 'diff', from: 1, to: 2 })).toBe('/c/demo/-/helm/shop/shop?view=diff&from=1&to=2');
  });
});
