import { describe, expect, it } from 'vitest';
import type { ResourceRule } from '../../../wire/rbac';
import { grantsAnything, rulesAllowSomeNames } from './rules-review';

describe('SelfSubjectRulesReview answers', () => {
  it('resourceNames-only rules read as "some"', () => {
    const rule: ResourceRule = { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['web'] };
    expect(rulesAllowSomeNames([rule], { verb: 'get', group: '', resource: 'pods', namespace: 'fx' })).toBe(true);
    expect(rulesAllowSomeNames([rule], { verb: 'list', group: '', resource: 'pods', namespace: 'fx' })).toBe(false);
  });

  it('a namespace where only the self-reviews are granted is not usable', () => {
    const basic = { verbs: ['create'], apiGroups: ['authorization.k8s.io'], resources: ['selfsubjectaccessreviews', 'selfsubjectrulesreviews'] };
    expect(grantsAnything({ resourceRules: [basic], nonResourceRules: [], incomplete: false, evaluationError: '' })).toBe(false);
    expect(grantsAnything({ resourceRules: [basic, { verbs: ['get'], apiGroups: [''], resources: ['pods'] }], nonResourceRules: [], incomplete: false, evaluationError: '' })).toBe(true);
  });
});
