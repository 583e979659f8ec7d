import { describe, expect, it } from 'vitest';
import { similarContexts } from './unknown-context-page';

const contexts = ['demo', 'demo-viewer', 'prod-eu', 'prod-us', 'staging'].map((name) => ({ name, server: 'https://example.test', demo: false }));

describe('similarContexts', () => {
  it('finds contexts a typo away or holding the name, nearest first', () => {
    expect(similarContexts(contexts, 'demoo').map((c) => c.name)).toEqual(['demo']);
    expect(similarContexts(contexts, 'prod-ue').map((c) => c.name)).toEqual(['prod-eu', 'prod-us']);
    expect(similarContexts(contexts, 'Staging').map((c) => c.name)).toEqual(['staging']);
    expect(similarContexts(contexts, 'qa')).toEqual([]);
  });
});
