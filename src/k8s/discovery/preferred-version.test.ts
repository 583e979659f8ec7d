import { describe, expect, it } from 'vitest';
import { markPreferredVersions } from './preferred-version';
import type { ApiResource } from './types';

function resource(group: string, version: string, name: string): ApiResource {
  return {
    group, version, resource: name, kind: name, singularName: name, namespaced: true, verbs: ['list'],
    shortNames: [], categories: [], subresources: [], preferredVersion: false, groupVersion: `${group}/${version}`,
  };
}

describe('markPreferredVersions', () => {
  it('prefers the declared preferred version even when the group lists it after others', () => {
    const groups = [{ name: 'fx.example.com', preferredVersion: 'v1', versions: ['v1beta1', 'v1', 'v1alpha1'] }];
    const marked = markPreferredVersions(groups, [
      resource('fx.example.com', 'v1beta1', 'widgets'),
      resource('fx.example.com', 'v1', 'widgets'),
      resource('fx.example.com', 'v1alpha1', 'gadgets'),
      resource('fx.example.com', 'v1beta1', 'gadgets'),
    ]);
    expect(marked.map((r) => [r.version, r.resource, r.preferredVersion])).toEqual([
      ['v1beta1', 'widgets', false],
      ['v1', 'widgets', true],
      // Not in the preferred version: the first listed version that serves it wins, not the first seen.
      ['v1alpha1', 'gadgets', false],
      ['v1beta1', 'gadgets', true],
    ]);
  });
});
