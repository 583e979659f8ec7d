import { describe, expect, it } from 'vitest';
import { ruleAllows, rulesAllow, type ResourceRule } from './rbac.js';

const pods = { verb: 'get', group: '', resource: 'pods', namespace: 'fx' };

describe("RBAC's rule matching", () => {
  it('matches verbs, groups and resources, with * as a wildcard', () => {
    expect(ruleAllows({ verbs: ['get', 'list'], apiGroups: [''], resources: ['pods'] }, pods)).toBe(true);
    expect(ruleAllows({ verbs: ['list'], apiGroups: [''], resources: ['pods'] }, pods)).toBe(false);
    expect(ruleAllows({ verbs: ['get'], apiGroups: ['apps'], resources: ['pods'] }, pods)).toBe(false);
    expect(ruleAllows({ verbs: ['*'], apiGroups: ['*'], resources: ['*'] }, pods)).toBe(true);
  });

  it('names a subresource as resource/subresource, or */subresource', () => {
    const log = { ...pods, subresource: 'log' };
    expect(ruleAllows({ verbs: ['get'], apiGroups: [''], resources: ['pods'] }, log)).toBe(false);
    expect(ruleAllows({ verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }, log)).toBe(true);
    expect(ruleAllows({ verbs: ['get'], apiGroups: [''], resources: ['*/log'] }, log)).toBe(true);
    expect(ruleAllows({ verbs: ['get'], apiGroups: [''], resources: ['pods/log'] }, pods)).toBe(false);
  });

  it('resourceNames grant only the named objects', () => {
    const rule: ResourceRule = { verbs: ['get'], apiGroups: [''], resources: ['pods'], resourceNames: ['web'] };
    expect(ruleAllows(rule, { ...pods, name: 'web' })).toBe(true);
    expect(ruleAllows(rule, { ...pods, name: 'db' })).toBe(false);
    expect(ruleAllows(rule, pods)).toBe(false);
    expect(rulesAllow([rule], pods)).toBe(false);
  });

});
