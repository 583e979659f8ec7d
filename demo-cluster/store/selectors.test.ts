import { describe, expect, it } from 'vitest';
import { matchesLabels, parseFieldSelector, parseLabelSelector } from './selectors.js';

describe('label selectors', () => {
  it('parses every operator', () => {
    expect(parseLabelSelector('a=b,c==d,e!=f,g in (x, y),h notin (z),i,!j')).toEqual([
      { key: 'a', operator: '=', values: ['b'] },
      { key: 'c', operator: '==', values: ['d'] },
      { key: 'e', operator: '!=', values: ['f'] },
      { key: 'g', operator: 'in', values: ['x', 'y'] },
      { key: 'h', operator: 'notin', values: ['z'] },
      { key: 'i', operator: 'exists', values: [] },
      { key: 'j', operator: '!', values: [] },
    ]);
  });

  it('matches like Requirement.Matches', () => {
    const sel = parseLabelSelector('app in (web,api),tier!=db,!legacy');
    expect(matchesLabels(sel, { app: 'web' })).toBe(true);
    expect(matchesLabels(sel, { app: 'web', tier: 'db' })).toBe(false);
    expect(matchesLabels(sel, { app: 'web', legacy: '1' })).toBe(false);
    expect(matchesLabels(sel, { app: 'cache' })).toBe(false);
    expect(matchesLabels(parseLabelSelector('x notin (a)'), {})).toBe(true);
  });

  it.each([
    ['a in (', "unable to parse requirement: found '', expected: ',', ')' or identifier"],
    ['a b', "unable to parse requirement: found 'b', expected: in, notin, =, ==, !=, gt, lt"],
    ['a=b,', "found '', expected: identifier after ','"],
    ['=a', "found '=', expected: !, identifier, or 'end of string'"],
    ['a in b', "unable to parse requirement: found 'b' expected: '('"],
    ['a >', "unable to parse requirement: values[0]: Invalid value: \"\": for 'Gt', 'Lt' operators, the value must be an integer"],
  ])('rejects %j with the apiserver wording', (input, message) => {
    expect(() => parseLabelSelector(input)).toThrow(message);
  });

  it('rejects an invalid label value', () => {
    expect(() => parseLabelSelector('a=b c')).toThrow("found 'c', expected: ',' or 'end of string'");
    expect(() => parseLabelSelector('a=-x')).toThrow('unable to parse requirement: values[0][a]: Invalid value: "-x": a valid label must be an empty string');
    expect(() => parseLabelSelector('x/y/z=1')).toThrow('unable to parse requirement: <nil>: Invalid value: "x/y/z": a valid label key must consist of');
  });
});

describe('field selectors', () => {
  it('parses =, == and != terms', () => {
    expect(parseFieldSelector('metadata.name=a,status.phase!=Running,spec.nodeName==n1')).toEqual([
      { field: 'metadata.name', operator: '=', value: 'a' },
      { field: 'spec.nodeName', operator: '=', value: 'n1' },
      { field: 'status.phase', operator: '!=', value: 'Running' },
    ]);
  });

  it('rejects a term without an operator', () => {
    expect(() => parseFieldSelector('metadata.name')).toThrow("invalid selector: 'metadata.name'; can't understand 'metadata.name'");
  });
});
