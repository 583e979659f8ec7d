// A small subset of CEL, for x-kubernetes-validations rules and the expressions of admission policies: literals,
// lists and maps, variables (self; object, oldObject, namespaceObject, params, variables...) and their fields,
// has(), size(), string(), int(), the string functions startsWith/endsWith/contains/matches, `in`, arithmetic, comparisons, !, &&,
// || and ?:, and object construction (`Object{spec: Object.spec{replicas: 3}}`, the apply configurations of
// MutatingAdmissionPolicies). An expression outside the subset is not judged: the demo accepts what it cannot
// evaluate rather than refuse what the real server might allow.

type Value = unknown;
type Env = Readonly<Record<string, Value>>;
type Node = (env: Env) => Value;

class Unsupported extends Error {}
/** An evaluation error CEL itself reports (a missing key, a division by zero). */
class EvalError extends Error {}

const TOKEN = /\s*(?:(\d+\.\d+|\d+)|('(?:[^'\\]|\\.)*'|"(?:[^"\\]|\\.)*")|(&&|\|\||==|!=|<=|>=|[-+*/%<>!?:().,[\]{}])|([A-Za-z_][A-Za-z0-9_]*))/y;

function tokenize(src: string): string[] {
  const out: string[] = [];
  TOKEN.lastIndex = 0;
  while (TOKEN.lastIndex < src.length) {
    if (/^\s*$/.test(src.slice(TOKEN.lastIndex))) break;
    const m = TOKEN.exec(src);
    if (!m) throw new Unsupported(src);
    out.push(m[1] ?? m[2] ?? m[3] ?? m[4] ?? '');
  }
  return out;
}

const isObj = (v: Value): v is Record<string, Value> => typeof v === 'object' && v !== null && !Array.isArray(v);
const fail = (why: string): never => {
  throw new Unsupported(why);
};
const evalFail = (why: string): never => {
  throw new EvalError(why);
};
const IDENT = /^[A-Za-z_][A-Za-z0-9_]*$/;

function equal(a: Value, b: Value): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function size(v: Value): number {
  if (typeof v === 'string') return [...v].length;
  if (Array.isArray(v)) return v.length;
  if (isObj(v)) return Object.keys(v).length;
  return fail('size');
}

function method(target: Value, name: string, args: Value[]): Value {
  if (name === 'size' && args.length === 0) return size(target);
  if (typeof target !== 'string' || typeof args[0] !== 'string' || args.length !== 1) return fail(name);
  if (name === 'startsWith') return target.startsWith(args[0]);
  if (name === 'endsWith') return target.endsWith(args[0]);
  if (name === 'contains') return target.includes(args[0]);
  if (name === 'matches') return new RegExp(args[0], 'u').test(target);
  return fail(name);
}

function binary(op: string, a: Value, b: Value): Value {
  switch (op) {
    case '==':
      return equal(a, b);
    case '!=':
      return !equal(a, b);
    case 'in':
      return Array.isArray(b) ? b.some((x) => equal(x, a)) : isObj(b) && typeof a === 'string' ? Object.hasOwn(b, a) : fail('in');
  }
  if (op === '+' && typeof a === 'string' && typeof b === 'string') return a + b;
  if (op === '+' && Array.isArray(a) && Array.isArray(b)) return [...a, ...b];
  if (typeof a === 'string' && typeof b === 'string' && ['<', '<=', '>', '>='].includes(op)) {
    return op === '<' ? a < b : op === '<=' ? a <= b : op === '>' ? a > b : a >= b;
  }
  if (typeof a !== 'number' || typeof b !== 'number') return fail(op);
  switch (op) {
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? evalFail('division by zero') : Number.isInteger(a) && Number.isInteger(b) ? Math.trunc(a / b) : a / b;
    case '%':
      return b === 0 ? evalFail('modulus by zero') : a % b;
  }
  return fail(op);
}

/** The string() and int() conversions of scalars. */
function convert(to: string, v: Value): Value {
  if (to === 'string') {
    if (typeof v === 'string') return v;
    if (typeof v === 'boolean' || (typeof v === 'number' && Number.isInteger(v))) return String(v);
    return fail('string');
  }
  if (typeof v === 'number') return Math.trunc(v);
  if (typeof v === 'string' && /^[-+]?\d+$/.test(v)) return Number(v);
  return typeof v === 'string' ? evalFail(`cannot convert '${v}' to int`) : fail('int');
}

const PRECEDENCE: Record<string, number> = { '||': 1, '&&': 2, '==': 3, '!=': 3, '<': 3, '<=': 3, '>': 3, '>=': 3, in: 3, '+': 4, '-': 4, '*': 5, '/': 5, '%': 5 };

class Parser {
  private i = 0;
  constructor(private readonly t: string[]) {}

  parse(): Node {
    const n = this.ternary();
    if (this.i !== this.t.length) fail('trailing');
    return n;
  }

  private peek(): string | undefined {
    return this.t[this.i];
  }

  private take(expected?: string): string {
    const tok = this.t[this.i++];
    if (tok === undefined || (expected !== undefined && tok !== expected)) return fail(`expected ${expected ?? 'a token'}`);
    return tok;
  }

  private ternary(): Node {
    const cond = this.binary(1);
    if (this.peek() !== '?') return cond;
    this.take('?');
    const yes = this.ternary();
    this.take(':');
    const no = this.ternary();
    return (s) => (cond(s) === true ? yes(s) : no(s));
  }

  private binary(min: number): Node {
    let left = this.unary();
    for (;;) {
      const op = this.peek();
      const p = op !== undefined ? PRECEDENCE[op] : undefined;
      if (op === undefined || p === undefined || p < min) return left;
      this.take();
      const right = this.binary(p + 1);
      const l = left;
      if (op === '&&') left = (s) => l(s) === true && right(s) === true;
      else if (op === '||') left = (s) => l(s) === true || right(s) === true;
      else left = (s) => binary(op, l(s), right(s));
    }
  }

  private unary(): Node {
    if (this.peek() === '!') {
      this.take();
      const n = this.unary();
      return (s) => (typeof n(s) === 'boolean' ? !n(s) : fail('!'));
    }
    if (this.peek() === '-') {
      this.take();
      const n = this.unary();
      return (s) => {
        const v = n(s);
        return typeof v === 'number' ? -v : fail('-');
      };
    }
    return this.postfix(this.primary());
  }

  private args(): Node[] {
    this.take('(');
    const out: Node[] = [];
    while (this.peek() !== ')') {
      out.push(this.ternary());
      if (this.peek() === ',') this.take();
    }
    this.take(')');
    return out;
  }

  private postfix(base: Node): Node {
    let n = base;
    for (;;) {
      if (this.peek() === '.') {
        this.take();
        const name = this.take();
        if (this.peek() === '(') {
          const args = this.args();
          const target = n;
          n = (s) => method(target(s), name, args.map((a) => a(s)));
        } else {
          const target = n;
          n = (s) => {
            const v = target(s);
            if (!isObj(v)) return fail(`select on ${typeof v}`);
            return Object.hasOwn(v, name) ? v[name] : evalFail(`no such key: ${name}`);
          };
        }
      } else if (this.peek() === '[') {
        this.take();
        const index = this.ternary();
        this.take(']');
        const target = n;
        n = (s) => {
          const v = target(s);
          const k = index(s);
          if (Array.isArray(v) && typeof k === 'number') return k >= 0 && k < v.length ? v[k] : evalFail(`index out of bounds: ${k}`);
          if (isObj(v) && typeof k === 'string') return Object.hasOwn(v, k) ? v[k] : evalFail(`no such key: ${k}`);
          return fail('index');
        };
      } else return n;
    }
  }

  private primary(): Node {
    const tok = this.take();
    if (/^\d/.test(tok)) {
      const v = Number(tok);
      return () => v;
    }
    if (tok.startsWith("'") || tok.startsWith('"')) {
      const v = JSON.parse(`"${tok.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"`) as string;
      return () => v;
    }
    if (tok === 'true' || tok === 'false') return () => tok === 'true';
    if (tok === 'null') return () => null;
    if (tok === '(') {
      const n = this.ternary();
      this.take(')');
      return n;
    }
    if (tok === '[') {
      const items: Node[] = [];
      while (this.peek() !== ']') {
        items.push(this.ternary());
        if (this.peek() === ',') this.take();
      }
      this.take(']');
      return (s) => items.map((x) => x(s));
    }
    if (tok === '{') return this.mapLiteral();
    if (tok === 'has') return this.has();
    if (tok === 'size') {
      const [arg] = this.args();
      return (s) => (arg ? size(arg(s)) : fail('size'));
    }
    if ((tok === 'string' || tok === 'int') && this.peek() === '(') {
      const [arg] = this.args();
      return (env) => (arg ? convert(tok, arg(env)) : fail(tok));
    }
    if (!IDENT.test(tok)) return fail(tok);
    if (this.constructsObject()) return this.objectConstruction();
    return (env) => (Object.hasOwn(env, tok) ? env[tok] : fail(`undeclared reference to '${tok}'`));
  }

  /** Whether `.name`s and then `{` follow: a message is constructed (`Object.spec{...}`). */
  private constructsObject(): boolean {
    let j = this.i;
    while (this.t[j] === '.' && IDENT.test(this.t[j + 1] ?? '')) j += 2;
    return this.t[j] === '{';
  }

  /** `Type.path{field: value, ...}`: an object of the fields given (the type name only says where it goes). */
  private objectConstruction(): Node {
    while (this.peek() === '.') {
      this.take('.');
      this.take();
    }
    this.take('{');
    const fields: Array<[string, Node]> = [];
    while (this.peek() !== '}') {
      const name = this.take();
      if (!IDENT.test(name)) fail(`field name ${name}`);
      this.take(':');
      fields.push([name, this.ternary()]);
      if (this.peek() === ',') this.take();
    }
    this.take('}');
    return (env) => {
      const out: Record<string, Value> = {};
      for (const [name, value] of fields) out[name] = value(env);
      return out;
    };
  }

  /** `{key: value, ...}` with string keys. */
  private mapLiteral(): Node {
    const entries: Array<[Node, Node]> = [];
    while (this.peek() !== '}') {
      const key = this.ternary();
      this.take(':');
      entries.push([key, this.ternary()]);
      if (this.peek() === ',') this.take();
    }
    this.take('}');
    return (env) => {
      const out: Record<string, Value> = {};
      for (const [key, value] of entries) {
        const k = key(env);
        if (typeof k !== 'string') return fail('map key');
        out[k] = value(env);
      }
      return out;
    };
  }

  /** has(x.f): whether the object x holds field f. */
  private has(): Node {
    this.take('(');
    const start = this.i;
    let depth = 0;
    while (this.i < this.t.length && !(depth === 0 && this.peek() === ')')) {
      const tok = this.take();
      if (tok === '(') depth++;
      if (tok === ')') depth--;
    }
    const inner = this.t.slice(start, this.i);
    this.take(')');
    const dot = inner.lastIndexOf('.');
    const field = inner[dot + 1];
    if (dot < 1 || field === undefined || dot !== inner.length - 2) return fail('has');
    const target = new Parser(inner.slice(0, dot)).parse();
    return (s) => {
      const v = target(s);
      return isObj(v) && Object.hasOwn(v, field);
    };
  }
}

const compiled = new Map<string, Node | null>();

function compile(expr: string): Node | null {
  let n = compiled.get(expr);
  if (n === undefined) {
    try {
      n = new Parser(tokenize(expr)).parse();
    } catch {
      n = null;
    }
    compiled.set(expr, n);
  }
  return n;
}

/** What an expression came to: its value, the error CEL reports, or nothing when it is outside the subset. */
export type CelResult = { value: unknown } | { error: string } | { unsupported: true };

/** Evaluates an expression with the given variables bound. */
export function evaluateExpression(expr: string, bindings: Env): CelResult {
  const n = compile(expr);
  if (!n) return { unsupported: true };
  try {
    return { value: n(bindings) };
  } catch (e) {
    return e instanceof EvalError ? { error: e.message } : { unsupported: true };
  }
}

/** The value of an x-kubernetes-validations rule with `self` bound; undefined when it is outside the subset or fails. */
export function evaluateCel(expr: string, self: unknown): unknown {
  if (/\boldSelf\b/.test(expr)) return undefined;
  const r = evaluateExpression(expr, { self });
  return 'value' in r ? r.value : undefined;
}
