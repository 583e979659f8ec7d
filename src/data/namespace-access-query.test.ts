import { describe, expect, it } from 'vitest';
import { namespaceAccessOf } from './namespace-access-query';
import { knownNamespaceNames } from './namespaces-query';

const selfReviews = { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectrulesreviews'] };
const pods = { verbs: ['list'], apiGroups: [''], resources: ['pods'] };
const review = (rules: (typeof pods)[], incomplete = false) => ({ resourceRules: rules, nonResourceRules: [], incomplete, evaluationError: '' });

describe('namespaceAccessOf', () => {
  it('reads the rules review as yes, no, or unknown when the server could not say', () => {
    expect(namespaceAccessOf(undefined, false)).toBe('pending');
    expect(namespaceAccessOf(review([selfReviews, pods]), false)).toBe('yes');
    expect(namespaceAccessOf(review([selfReviews]), false)).toBe('no');
    // An authorizer that cannot list its rules may still allow: not a "no".
    expect(namespaceAccessOf(review([selfReviews], true), false)).toBe('unknown');
    expect(namespaceAccessOf(undefined, true)).toBe('unknown');
  });
});

describe('knownNamespaceNames', () => {
  it('is the list when there is one, else the used namespaces and the context namespace', () => {
    expect(knownNamespaceNames(['a', 'b'], ['shop'], 'fx')).toEqual(['a', 'b']);
    expect(knownNamespaceNames(undefined, ['shop', 'fx'], 'fx')).toEqual(['fx', 'shop']);
    expect(knownNamespaceNames(undefined, [], 'default')).toEqual(['default']);
  });
});
