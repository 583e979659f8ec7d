import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, formatListView, nextSort, parseListView } from './list-view-state';
import { parseFieldSelector, parseLabelSelector, splitRequirements } from './selector-syntax';

describe('list view in the URL', () => {
  it('round-trips every field', () => {
    const view = { labelSelector: 'app in (a,b)', fieldSelector: 'status.phase=Running', wide: true, sort: 'Age', desc: true, filter: 'web 1' };
    const search = formatListView(view);
    expect(search).toBe('?labelSelector=app+in+%28a%2Cb%29&fieldSelector=status.phase%3DRunning&wide=1&sort=Age&desc=1&filter=web+1');
    expect(parseListView(search)).toEqual(view);
  });

  it('the default view has no query string, and desc without sort means nothing', () => {
    expect(formatListView(DEFAULT_VIEW)).toBe('');
    expect(parseListView('?desc=1&wide=0')).toEqual(DEFAULT_VIEW);
    expect(formatListView({ ...DEFAULT_VIEW, desc: true })).toBe('');
  });

  it('cycles header clicks asc -> desc -> none, another column starts asc', () => {
    expect(nextSort({ sort: null, desc: false }, 'Age')).toEqual({ sort: 'Age', desc: false });
    expect(nextSort({ sort: 'Age', desc: false }, 'Age')).toEqual({ sort: 'Age', desc: true });
    expect(nextSort({ sort: 'Age', desc: true }, 'Age')).toEqual({ sort: null, desc: false });
    expect(nextSort({ sort: 'Age', desc: true }, 'Name')).toEqual({ sort: 'Name', desc: false });
  });
});

describe('selector syntax', () => {
  it('reads every label selector form', () => {
    const parsed = parseLabelSelector('a=b, a==b,a!=b, tier in (x, y),tier notin (z),app,!gone,example.com/role=db');
    expect(parsed).toEqual({
      ok: true,
      requirements: [
        { key: 'a', op: '=', value: 'b' },
        { key: 'a', op: '==', value: 'b' },
        { key: 'a', op: '!=', value: 'b' },
        { key: 'tier', op: 'in', values: ['x', 'y'] },
        { key: 'tier', op: 'notin', values: ['z'] },
        { key: 'app', op: 'exists' },
        { key: 'gone', op: '!' },
        { key: 'example.com/role', op: '=', value: 'db' },
      ],
    });
    expect(splitRequirements('a in (x,y),b')).toEqual(['a in (x,y)', 'b']);
  });

  it('flags malformed label selectors', () => {
    expect(parseLabelSelector('app in (api').ok).toBe(false);
    expect(parseLabelSelector('a=b,').ok).toBe(false);
    expect(parseLabelSelector('a in ()').ok).toBe(false);
    expect(parseLabelSelector('=b').ok).toBe(false);
    expect(parseLabelSelector('').ok).toBe(true);
  });

  it('reads field selectors and rejects set operators', () => {
    expect(parseFieldSelector('metadata.name=x,status.phase!=Running')).toEqual({
      ok: true,
      requirements: [
        { field: 'metadata.name', op: '=', value: 'x' },
        { field: 'status.phase', op: '!=', value: 'Running' },
      ],
    });
    expect(parseFieldSelector('status.phase in (Running)').ok).toBe(false);
  });
});
