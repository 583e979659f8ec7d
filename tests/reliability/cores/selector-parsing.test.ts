// Selector parsing never throws, and reads back what a well-formed selector says.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseFieldSelector, parseLabelSelector } from '../../../src/features/browse/selector-syntax';
import { fuzz } from './fuzz-runs';

const name = fc.stringMatching(/^[a-z0-9]([-a-z0-9_.]{0,10}[a-z0-9])?$/);
const key = fc.tuple(fc.option(fc.stringMatching(/^[a-z0-9]([-a-z0-9.]{0,10}[a-z0-9])?$/), { nil: undefined }), name).map(([prefix, n]) => (prefix ? `${prefix}/${n}` : n));
const requirement = fc.oneof(
  fc.tuple(key, fc.constantFrom('=', '==', '!='), fc.oneof(name, fc.constant(''))).map(([k, op, v]) => ({ text: `${k}${op}${v}`, key: k })),
  fc.tuple(key, fc.constantFrom('in', 'notin'), fc.array(name, { minLength: 1, maxLength: 3 })).map(([k, op, vs]) => ({ text: `${k} ${op} (${vs.join(',')})`, key: k })),
  key.map((k) => ({ text: k, key: k })),
  key.map((k) => ({ text: `!${k}`, key: k })),
);

describe('fuzz: selector parsing', () => {
  it('any text is either read or refused with a message, never thrown at', () => {
    fuzz(
      'selector parsing (any text)',
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const parsed of [parseLabelSelector(text), parseFieldSelector(text)]) {
          if (!parsed.ok) expect(parsed.error.length).toBeGreaterThan(0);
        }
      }),
    );
  });

  it('a well-formed label selector is read requirement by requirement', () => {
    fuzz(
      'selector parsing (well-formed)',
      fc.property(fc.array(requirement, { minLength: 1, maxLength: 5 }), (requirements) => {
        const parsed = parseLabelSelector(requirements.map((r) => r.text).join(','));
        expect(parsed.ok).toBe(true);
        if (parsed.ok) expect(parsed.requirements.map((r) => r.key)).toEqual(requirements.map((r) => r.key));
      }),
    );
  });
});
