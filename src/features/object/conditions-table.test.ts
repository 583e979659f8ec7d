import { describe, expect, it } from 'vitest';
import { conditionsOf, conditionStyle } from './conditions-table';

describe('conditions', () => {
  it('reads status.conditions and ignores anything else', () => {
    expect(conditionsOf({ conditions: [{ type: 'Ready', status: 'True' }, 'junk'] })).toEqual([{ type: 'Ready', status: 'True' }]);
    expect(conditionsOf({ phase: 'Running' })).toEqual([]);
    expect(conditionsOf(undefined)).toEqual([]);
  });

  it('colours by health, not by True/False: MemoryPressure False is healthy, Ready False is not', () => {
    expect(conditionStyle({ type: 'Ready', status: 'True' })).toContain('emerald');
    expect(conditionStyle({ type: 'Ready', status: 'False' })).toContain('red');
    expect(conditionStyle({ type: 'MemoryPressure', status: 'False' })).toContain('emerald');
    expect(conditionStyle({ type: 'NetworkUnavailable', status: 'True' })).toContain('red');
    expect(conditionStyle({ type: 'Failed', status: 'True' })).toContain('red');
    expect(conditionStyle({ type: 'Ready', status: 'Unknown' })).toContain('amber');
  });
});
