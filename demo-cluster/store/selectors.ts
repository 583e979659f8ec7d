// Label and field selectors, ported from k8s.io/apimachinery/pkg/labels and pkg/fields
// (same grammar, same error wording, so a malformed selector gets the real 400 message).
import { ownTable } from '../resources/own-fields.js';
import { labelValueErrors, qualifiedNameErrors } from '../validation/names.js';

export type LabelOperator = 'in' | 'notin' | '=' | '==' | '!=' | 'exists' | '!' | 'gt' | 'lt';

export interface LabelRequirement {
  key: string;
  operator: LabelOperator;
  values: string[];
}

export type LabelSelector = LabelRequirement[];

enum Tok {
  Error,
  EndOfString,
  ClosedPar,
  Comma,
  DoesNotExist,
  DoubleEquals,
  Equals,
  GreaterThan,
  Identifier,
  In,
  LessThan,
  NotEquals,
  NotIn,
  OpenPar,
}

const STRING_TO_TOKEN = ownTable<Tok>({
  ')': Tok.ClosedPar,
  ',': Tok.Comma,
  '!': Tok.DoesNotExist,
  '==': Tok.DoubleEquals,
  '=': Tok.Equals,
  '>': Tok.GreaterThan,
  in: Tok.In,
  '<': Tok.LessThan,
  '!=': Tok.NotEquals,
  notin: Tok.NotIn,
  '(': Tok.OpenPar,
});

const isWhitespace = (ch: string): boolean => ch === ' ' || ch === '\t' || ch === '\r' || ch === '\n';
const isSpecial = (ch: string): boolean => '=!(),><'.includes(ch);

interface Scanned {
  tok: Tok;
  lit: string;
}

function lex(input: string): Scanned[] {
  const items: Scanned[] = [];
  let pos = 0;
  for (;;) {
    while (pos < input.length && isWhitespace(input.charAt(pos))) pos++;
    if (pos >= input.length) {
      items.push({ tok: Tok.EndOfString, lit: '' });
      return items;
    }
    const ch = input.charAt(pos);
    if (isSpecial(ch)) {
      // Longest run of special symbols that still maps to a token.
      let buffer = '';
      let last: Scanned | undefined;
      while (pos < input.length && isSpecial(input.charAt(pos))) {
        buffer += input.charAt(pos);
        const tok = STRING_TO_TOKEN[buffer];
        if (tok !== undefined) {
          last = { tok, lit: buffer };
          pos++;
        } else if (last !== undefined) {
          break;
        } else {
          pos++;
        }
      }
      if (last === undefined) {
        items.push({ tok: Tok.Error, lit: `error expected: keyword found '${buffer}'` });
        items.push({ tok: Tok.EndOfString, lit: '' });
        return items;
      }
      items.push(last);
      continue;
    }
    let word = '';
    while (pos < input.length && !isWhitespace(input.charAt(pos)) && !isSpecial(input.charAt(pos))) {
      word += input.charAt(pos);
      pos++;
    }
    const tok = STRING_TO_TOKEN[word];
    items.push({ tok: tok ?? Tok.Identifier, lit: word });
  }
}

class SelectorError extends Error {}

class Parser {
  private pos = 0;
  constructor(private readonly items: Scanned[]) {}

  private peek(values: boolean): Scanned {
    const item = this.items[this.pos] ?? { tok: Tok.EndOfString, lit: '' };
    // In the "values" context the keywords in/notin are plain identifiers.
    if (values && (item.tok === Tok.In || item.tok === Tok.NotIn)) return { tok: Tok.Identifier, lit: item.lit };
    return item;
  }

  private next(values: boolean): Scanned {
    const item = this.peek(values);
    if (this.pos < this.items.length - 1) this.pos++;
    return item;
  }

  parse(): LabelSelector {
    const reqs: LabelSelector = [];
    for (;;) {
      const { tok, lit } = this.peek(true);
      if (tok === Tok.Identifier || tok === Tok.DoesNotExist) {
        let r: LabelRequirement;
        try {
          r = this.parseRequirement();
        } catch (e) {
          throw new SelectorError(`unable to parse requirement: ${(e as Error).message}`);
        }
        reqs.push(r);
        const after = this.next(true);
        if (after.tok === Tok.EndOfString) return reqs;
        if (after.tok === Tok.Comma) {
          const t2 = this.peek(true);
          if (t2.tok !== Tok.Identifier && t2.tok !== Tok.DoesNotExist)
            throw new SelectorError(`found '${t2.lit}', expected: identifier after ','`);
          continue;
        }
        throw new SelectorError(`found '${after.lit}', expected: ',' or 'end of string'`);
      }
      if (tok === Tok.EndOfString) return reqs;
      throw new SelectorError(`found '${lit}', expected: !, identifier, or 'end of string'`);
    }
  }

  private parseRequirement(): LabelRequirement {
    let operator: LabelOperator | undefined;
    let item = this.next(true);
    if (item.tok === Tok.DoesNotExist) {
      operator = '!';
      item = this.next(true);
    }
    if (item.tok !== Tok.Identifier) throw new Error(`found '${item.lit}', expected: identifier`);
    const key = item.lit;
    const keyErrs = qualifiedNameErrors(key);
    // The parser validates with a nil field path, which Go prints as <nil>.
    if (keyErrs.length > 0) throw new Error(`<nil>: Invalid value: ${JSON.stringify(key)}: ${keyErrs.join('; ')}`);
    // "!a" is complete; whatever follows is checked by the caller ("!a=b" fails there).
    if (operator === '!') return { key, operator, values: [] };
    const la = this.peek(true).tok;
    if (la === Tok.EndOfString || la === Tok.Comma) return { key, operator: 'exists', values: [] };
    const opItem = this.next(false);
    const ops: Partial<Record<Tok, LabelOperator>> = {
      [Tok.In]: 'in',
      [Tok.Equals]: '=',
      [Tok.DoubleEquals]: '==',
      [Tok.GreaterThan]: 'gt',
      [Tok.LessThan]: 'lt',
      [Tok.NotIn]: 'notin',
      [Tok.NotEquals]: '!=',
    };
    const op = ops[opItem.tok];
    if (op === undefined) throw new Error(`found '${opItem.lit}', expected: in, notin, =, ==, !=, gt, lt`);
    const values = op === 'in' || op === 'notin' ? this.parseValues() : this.parseExactValue();
    return newRequirement(key, op, values);
  }

  private parseValues(): string[] {
    const open = this.next(true);
    if (open.tok !== Tok.OpenPar) throw new Error(`found '${open.lit}' expected: '('`);
    const { tok, lit } = this.peek(true);
    if (tok === Tok.Identifier || tok === Tok.Comma) {
      const s = this.parseIdentifiersList();
      if (this.next(true).tok !== Tok.ClosedPar) throw new Error(`found '${lit}', expected: ')'`);
      return s;
    }
    if (tok === Tok.ClosedPar) {
      this.next(true);
      return [''];
    }
    throw new Error(`found '${lit}', expected: ',', ')' or identifier`);
  }

  private parseIdentifiersList(): string[] {
    const s = new Set<string>();
    for (;;) {
      const { tok, lit } = this.next(true);
      if (tok === Tok.Identifier) {
        s.add(lit);
        const t2 = this.peek(true);
        if (t2.tok === Tok.Comma) continue;
        if (t2.tok === Tok.ClosedPar) return [...s].sort();
        throw new Error(`found '${t2.lit}', expected: ',' or ')'`);
      } else if (tok === Tok.Comma) {
        if (s.size === 0) s.add('');
        const t2 = this.peek(true).tok;
        if (t2 === Tok.ClosedPar) {
          s.add('');
          return [...s].sort();
        }
        if (t2 === Tok.Comma) {
          this.next(true);
          s.add('');
        }
      } else {
        throw new Error(`found '${lit}', expected: ',', or identifier`);
      }
    }
  }

  private parseExactValue(): string[] {
    const la = this.peek(true);
    if (la.tok === Tok.EndOfString || la.tok === Tok.Comma) return [''];
    const item = this.next(true);
    if (item.tok === Tok.Identifier) return [item.lit];
    throw new Error(`found '${item.lit}', expected: identifier`);
  }
}

function newRequirement(key: string, op: LabelOperator, values: string[]): LabelRequirement {
  // NewRequirement collects field errors under "values" and reports them as one aggregate.
  const errs: string[] = [];
  if ((op === 'in' || op === 'notin') && values.length === 0) errs.push("values: Invalid value: null: for 'in', 'notin' operators, values set can't be empty");
  if ((op === '=' || op === '==' || op === '!=') && values.length !== 1) errs.push(`values: Invalid value: ${JSON.stringify(values)}: exact-match compatibility requires one single value`);
  if (op === 'gt' || op === 'lt') {
    if (values.length !== 1) errs.push(`values: Invalid value: ${JSON.stringify(values)}: for 'Gt', 'Lt' operators, exactly one value is required`);
    values.forEach((v, i) => {
      if (!/^[+-]?\d+$/.test(v)) errs.push(`values[${i}]: Invalid value: ${JSON.stringify(v)}: for 'Gt', 'Lt' operators, the value must be an integer`);
    });
  }
  values.forEach((v, i) => {
    const valueErrs = labelValueErrors(v);
    if (valueErrs.length > 0) errs.push(`values[${i}][${key}]: Invalid value: ${JSON.stringify(v)}: ${valueErrs.join('; ')}`);
  });
  if (errs.length === 1) throw new Error(errs[0]);
  if (errs.length > 1) throw new Error(`[${errs.join(', ')}]`);
  return { key, operator: op, values };
}

/** Parses a label selector; throws Error with the apiserver's message when malformed. */
export function parseLabelSelector(input: string): LabelSelector {
  const items = lex(input);
  const err = items.find((i) => i.tok === Tok.Error);
  if (err) throw new SelectorError(`unable to parse requirement: ${err.lit}`);
  return new Parser(items).parse();
}

/** Requirement.Matches semantics (notin and != match when the label is absent). */
export function matchesLabels(selector: LabelSelector, labels: Record<string, string> | undefined): boolean {
  for (const r of selector) {
    const has = labels !== undefined && Object.prototype.hasOwnProperty.call(labels, r.key);
    const value = has ? labels[r.key] : undefined;
    switch (r.operator) {
      case '=':
      case '==':
      case 'in':
        if (!has || !r.values.includes(value ?? '')) return false;
        break;
      case '!=':
      case 'notin':
        if (has && r.values.includes(value ?? '')) return false;
        break;
      case 'exists':
        if (!has) return false;
        break;
      case '!':
        if (has) return false;
        break;
      case 'gt':
      case 'lt': {
        if (!has || !/^-?\d+$/.test(value ?? '')) return false;
        const lv = Number(value);
        const rv = Number(r.values[0]);
        if (r.operator === 'gt' ? !(lv > rv) : !(lv < rv)) return false;
        break;
      }
    }
  }
  return true;
}

export interface FieldRequirement {
  field: string;
  operator: '=' | '!=';
  value: string;
}

/** Splits on unescaped commas (fields.splitTerms). */
function splitTerms(input: string): string[] {
  if (input === '') return [];
  const terms: string[] = [];
  let current = '';
  for (let i = 0; i < input.length; i++) {
    const ch = input.charAt(i);
    if (ch === '\\' && i + 1 < input.length) {
      current += ch + input.charAt(i + 1);
      i++;
    } else if (ch === ',') {
      terms.push(current);
      current = '';
    } else {
      current += ch;
    }
  }
  terms.push(current);
  return terms;
}

function unescapeFieldValue(value: string): string {
  let out = '';
  for (let i = 0; i < value.length; i++) {
    const ch = value.charAt(i);
    if (ch === '\\') {
      const next = value.charAt(i + 1);
      if (next !== '\\' && next !== ',' && next !== '=') throw new SelectorError(`invalid field selector: '${value}'; invalid escape sequence`);
      out += next;
      i++;
    } else if (ch === ',' || ch === '=') {
      throw new SelectorError(`invalid field selector: '${value}'; unescaped character`);
    } else {
      out += ch;
    }
  }
  return out;
}

/** Parses a field selector (fields.ParseSelector); throws with the apiserver's wording. */
export function parseFieldSelector(input: string): FieldRequirement[] {
  const parts = splitTerms(input).sort();
  const reqs: FieldRequirement[] = [];
  for (const part of parts) {
    if (part === '') continue;
    let found: FieldRequirement | undefined;
    for (let i = 0; i < part.length && !found; i++) {
      for (const op of ['!=', '==', '='] as const) {
        if (part.startsWith(op, i)) {
          found = { field: part.slice(0, i), operator: op === '!=' ? '!=' : '=', value: unescapeFieldValue(part.slice(i + op.length)) };
          break;
        }
      }
    }
    if (!found) throw new SelectorError(`invalid selector: '${input}'; can't understand '${part}'`);
    reqs.push(found);
  }
  return reqs;
}

export { SelectorError };
