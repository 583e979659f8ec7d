// Edits of YAML text at a field path that touch only the lines they change: comments, key order, quoting and
// indentation elsewhere stay byte for byte. The yaml library's Document.toString() re-flows the whole text (and in
// YAML 1.1 writes new maps as !!omap), so edits are spliced into the source by the node ranges the parser reports.
import { isMap, isNode, isPair, isScalar, isSeq, parseDocument, Scalar, stringify, type Document, type Node, type Pair, type YAMLMap, type YAMLSeq } from 'yaml';

/** Keys of maps and indices of lists from the document root. */
export type YamlPath = ReadonlyArray<string | number>;

export type YamlEdit =
  /** Sets (or adds, creating missing parents) the value at the path; an index equal to a list's length appends. */
  | { op: 'set'; path: YamlPath; value: unknown }
  /** Removes the key or the list item at the path (nothing when it is absent). */
  | { op: 'delete'; path: YamlPath }
  /** Moves a list item from one index to another. */
  | { op: 'move'; path: YamlPath; from: number; to: number };

/** The text cannot be edited: it does not parse, or the path crosses a value of another shape. */
export class YamlEditError extends Error {
  override name = 'YamlEditError';
}

type Range = [number, number, number];
type AnyNode = Node | null;

interface Ctx {
  text: string;
  /** Sequences under a key are written at the key's column (kubectl style) rather than indented. */
  indentSeq: boolean;
  /** Multi-line strings may be written as block scalars (`|`, `>`); off for the retry when one did not read back. */
  blocks: boolean;
  /** A block scalar was written: the result is read back once to check it (see editYaml). */
  wroteBlock: boolean;
  /** The edit replaced one scalar's text in place (nothing else moved): see carryDocument. */
  scalarEdit: { node: Scalar; start: number; end: number; written: string; value: unknown } | null;
}

function rangeOf(node: Node): Range {
  const range = node.range;
  if (!range) throw new YamlEditError('The YAML node has no position.');
  return range;
}

function lineStart(text: string, pos: number): number {
  return text.lastIndexOf('\n', pos - 1) + 1;
}

/**
 * Where the lines of a node ending at `end` end: after the newline of its last line. A node followed by a comment
 * line ends on the next line's indentation; that line is not its own.
 */
function endOfLine(text: string, end: number): number {
  if (end > 0 && text[end - 1] === '\n') return end;
  const start = lineStart(text, end);
  if (text.slice(start, end).trim() === '') return start;
  const nl = text.indexOf('\n', end);
  return nl === -1 ? text.length : nl + 1;
}

function column(text: string, pos: number): number {
  return pos - lineStart(text, pos);
}

function splice(text: string, start: number, end: number, insert: string): string {
  return text.slice(0, start) + insert + text.slice(end);
}

function isCollectionValue(value: unknown): value is Record<string, unknown> | unknown[] {
  return typeof value === 'object' && value !== null;
}

function isEmptyCollection(value: unknown): boolean {
  return Array.isArray(value) ? value.length === 0 : isCollectionValue(value) && Object.keys(value).length === 0;
}

const YAML_OPTIONS = { version: '1.1', lineWidth: 0, aliasDuplicateObjects: false } as const;

/** A scalar (or an empty collection) as it is written after `key: `. */
function inlineText(value: unknown): string {
  if (Array.isArray(value) && value.length === 0) return '[]';
  if (isCollectionValue(value) && !Array.isArray(value) && Object.keys(value).length === 0) return '{}';
  if (typeof value === 'string' && value.includes('\n')) return JSON.stringify(value);
  return stringify(value, YAML_OPTIONS).replace(/\n$/, '');
}

/** A collection as block YAML, every line indented by `indent` spaces, ending with a newline. */
function blockText(value: unknown, indent: number, ctx: Ctx): string {
  const body = stringify(value, { ...YAML_OPTIONS, indentSeq: ctx.indentSeq }).replace(/\n$/, '');
  const pad = ' '.repeat(indent);
  return `${body
    .split('\n')
    .map((line) => (line === '' ? line : pad + line))
    .join('\n')}\n`;
}

function flowText(value: unknown): string {
  return stringify(value, { ...YAML_OPTIONS, collectionStyle: 'flow' }).replace(/\n$/, '');
}

function inlineable(value: unknown): boolean {
  return !isCollectionValue(value) || isEmptyCollection(value);
}

type BlockStyle = typeof Scalar.BLOCK_LITERAL | typeof Scalar.BLOCK_FOLDED;

/**
 * A string as a block scalar of `style`: its header (`|`, `|-`, `>+`, `|2`...) and its lines indented
 * `contentIndent` spaces (ending with a newline), or null when the string cannot be one. `parentColumn` is the
 * column an indentation indicator counts from (the key's, or the dash's of a list item).
 */
function blockScalarText(value: string, style: BlockStyle, contentIndent: number, parentColumn: number): { header: string; body: string } | null {
  const scalar = new Scalar(value);
  scalar.type = style;
  // The yaml library chooses the chomping indicator and the folding; it quotes what a block cannot hold.
  const written = stringify({ k: scalar }, YAML_OPTIONS).replace(/\n$/, '');
  if (!/^k: [|>]/.test(written)) return null;
  const [header = '', ...lines] = written.slice(3).split('\n');
  let head = header;
  if (/\d/.test(header)) {
    const indicator = contentIndent - parentColumn;
    if (indicator < 1 || indicator > 9) return null;
    head = header.replace(/\d/, String(indicator));
  }
  const pad = ' '.repeat(contentIndent);
  const body = lines.map((line) => (line === '' ? '' : pad + line.slice(2))).join('\n');
  return { header: head, body: lines.length > 0 ? `${body}\n` : '' };
}

/** The indentation of the first line holding text after a block scalar's header, or null (none, or an indicator fixes it). */
function blockContentIndent(source: string): number | null {
  const [header = '', ...lines] = source.split('\n');
  if (/^[|>][-+]?\d|^[|>]\d/.test(header)) return null;
  const first = lines.find((line) => line.trim() !== '');
  return first === undefined ? null : first.length - first.trimStart().length;
}

/**
 * A multi-line string written over a block scalar keeps its style (`|` stays `|`, `>` stays `>`); over a plain
 * scalar it becomes a literal block, as kubectl writes multi-line strings. Null when neither applies.
 */
function replaceWithBlock(ctx: Ctx, node: Scalar, value: string, parentColumn: number): string | null {
  const [start, end] = rangeOf(node);
  const wasBlock = node.type === Scalar.BLOCK_LITERAL || node.type === Scalar.BLOCK_FOLDED;
  if (!ctx.blocks || !(wasBlock || (node.type === Scalar.PLAIN && value.includes('\n')))) return null;
  let regionEnd = end;
  let headerRest = '';
  if (wasBlock) {
    // The header's own comment (`| # script`) stays.
    const headerEnd = ctx.text.indexOf('\n', start);
    headerRest = /^[|>][-+\d]*(.*)$/.exec(ctx.text.slice(start, headerEnd === -1 ? end : headerEnd))?.[1] ?? '';
    if (!ctx.text.slice(end - 1, end).includes('\n')) regionEnd = endOfLine(ctx.text, end);
  } else {
    // A plain scalar becomes a block only where nothing but a comment follows it on its line (not in a flow collection).
    const lineEnd = ctx.text.indexOf('\n', end);
    headerRest = ctx.text.slice(end, lineEnd === -1 ? ctx.text.length : lineEnd);
    if (!/^\s*(#.*)?$/.test(headerRest)) return null;
    regionEnd = lineEnd === -1 ? ctx.text.length : lineEnd + 1;
  }
  const contentIndent = (wasBlock ? blockContentIndent(ctx.text.slice(start, end)) : null) ?? parentColumn + 2;
  const style: BlockStyle = node.type === Scalar.BLOCK_FOLDED ? Scalar.BLOCK_FOLDED : Scalar.BLOCK_LITERAL;
  const block = blockScalarText(value, style, contentIndent, parentColumn);
  if (!block) return null;
  ctx.wroteBlock = true;
  return splice(ctx.text, start, regionEnd, `${block.header}${headerRest}\n${block.body}`);
}

/** Replaces a scalar's source, keeping its quoting (and block style) where the new value allows it. */
function replaceScalar(ctx: Ctx, node: Scalar, value: unknown, parentColumn: number): string {
  if (typeof value === 'string') {
    const block = replaceWithBlock(ctx, node, value, parentColumn);
    if (block !== null) return block;
  }
  const [start, end] = rangeOf(node);
  let written = inlineText(value);
  // An empty string was quoted only because it is empty (a key just added): the new text is written plainly.
  if (typeof value === 'string' && !value.includes('\n') && node.value !== '') {
    if (node.type === Scalar.QUOTE_DOUBLE) written = JSON.stringify(value);
    else if (node.type === Scalar.QUOTE_SINGLE) written = `'${value.replace(/'/g, "''")}'`;
  }
  // A block scalar's range ends after its last line's newline; the quoted text that replaces it must keep one.
  if (ctx.text[end - 1] === '\n') written += '\n';
  else ctx.scalarEdit = { node, start, end, written, value };
  return splice(ctx.text, start, end, written);
}

/** The position just after the `:` that follows a pair's key. */
function colonAfterKey(ctx: Ctx, pair: Pair): number {
  const key = pair.key as Node;
  const colon = ctx.text.indexOf(':', rangeOf(key)[1]);
  if (colon === -1) throw new YamlEditError('The YAML key has no ":".');
  return colon + 1;
}

/** Replaces a pair's whole value (block collections are rewritten below the key). */
function replacePairValue(ctx: Ctx, pair: Pair, value: unknown): string {
  const current = pair.value as AnyNode;
  if (current && isScalar(current) && current.range && current.range[1] > current.range[0] && inlineable(value)) return replaceScalar(ctx, current, value, column(ctx.text, rangeOf(pair.key as Node)[0]));
  const start = colonAfterKey(ctx, pair);
  const end = current?.range ? current.range[1] : start;
  const endsLine = ctx.text[end - 1] === '\n';
  let written: string;
  if (inlineable(value)) written = ` ${inlineText(value)}${endsLine ? '\n' : ''}`;
  else {
    const keyColumn = column(ctx.text, rangeOf(pair.key as Node)[0]);
    const block = blockText(value, Array.isArray(value) && !ctx.indentSeq ? keyColumn : keyColumn + 2, ctx);
    written = `\n${endsLine ? block : block.replace(/\n$/, '')}`;
  }
  return splice(ctx.text, start, end, written);
}

/** `key: value` lines at `indent`, ending with a newline. */
function pairText(key: string, value: unknown, indent: number, ctx: Ctx): string {
  const pad = ' '.repeat(indent);
  const keyText = inlineText(key);
  if (inlineable(value)) return `${pad}${keyText}: ${inlineText(value)}\n`;
  return `${pad}${keyText}:\n${blockText(value, Array.isArray(value) && !ctx.indentSeq ? indent : indent + 2, ctx)}`;
}

/** `- item` lines with the dash at `dashColumn`, ending with a newline. */
function itemText(value: unknown, dashColumn: number, ctx: Ctx): string {
  const pad = ' '.repeat(dashColumn);
  if (inlineable(value)) return `${pad}- ${inlineText(value)}\n`;
  return `${pad}- ${blockText(value, dashColumn + 2, ctx).slice(dashColumn + 2)}`;
}

/** Where the lines of a pair end (its trailing comment included). */
function pairEnd(ctx: Ctx, pair: Pair): number {
  const value = pair.value as AnyNode;
  return endOfLine(ctx.text, value?.range ? value.range[1] : rangeOf(pair.key as Node)[1]);
}

function dashOf(ctx: Ctx, item: Node): number {
  const start = rangeOf(item)[0];
  const dash = ctx.text.lastIndexOf('-', start - 1);
  return dash >= lineStart(ctx.text, start) ? dash : lineStart(ctx.text, start);
}

/** A flow collection rewritten whole (comments inside a flow collection are rare; kubectl never writes them). */
function replaceFlow(ctx: Ctx, node: YAMLMap | YAMLSeq, value: unknown): string {
  const [start, end] = rangeOf(node);
  return splice(ctx.text, start, end, flowText(value));
}

function keyOf(pair: Pair): string {
  const key = pair.key as AnyNode;
  return isScalar(key) ? String(key.value) : String(key);
}

/** The value to write at `path` (numeric segments make lists) holding `value` at its end. */
function nested(path: YamlPath, value: unknown): unknown {
  let out = value;
  for (let i = path.length - 1; i >= 0; i--) {
    const segment = path[i];
    out = typeof segment === 'number' ? [out] : { [String(segment)]: out };
  }
  return out;
}

function insertPair(ctx: Ctx, map: YAMLMap, key: string, value: unknown): string {
  if (map.flow || map.items.length === 0) return replaceFlow(ctx, map, { ...(map.toJSON() as Record<string, unknown>), [key]: value });
  const first = map.items[0] as Pair;
  const last = map.items[map.items.length - 1] as Pair;
  return splice(ctx.text, pairEnd(ctx, last), pairEnd(ctx, last), pairText(key, value, column(ctx.text, rangeOf(first.key as Node)[0]), ctx));
}

function appendItem(ctx: Ctx, seq: YAMLSeq, value: unknown): string {
  if (seq.flow || seq.items.length === 0) return replaceFlow(ctx, seq, [...(seq.toJSON() as unknown[]), value]);
  const first = seq.items[0] as Node;
  const last = seq.items[seq.items.length - 1] as Node;
  const at = endOfLine(ctx.text, rangeOf(last)[1]);
  return splice(ctx.text, at, at, itemText(value, column(ctx.text, dashOf(ctx, first)), ctx));
}

interface Found {
  node: AnyNode;
  /** The pair holding the node (maps), or the list and index (lists); both null at the root. */
  pair: Pair | null;
  seq: YAMLSeq | null;
  index: number;
  /** The pair of the parent collection (to turn an emptied one into {} / []). */
  parentPair: Pair | null;
}

function setAt(ctx: Ctx, doc: Document, path: YamlPath, value: unknown): string {
  let node = doc.contents as AnyNode;
  let pair: Pair | null = null;
  let seq: YAMLSeq | null = null;
  let index = -1;
  if (node === null) return isCollectionValue(nested(path, value)) ? blockText(nested(path, value), 0, ctx) : `${inlineText(nested(path, value))}\n`;
  for (let i = 0; i < path.length; i++) {
    const segment = path[i] as string | number;
    const rest = path.slice(i + 1);
    if (isMap(node)) {
      const hit = node.items.find((p) => keyOf(p) === String(segment));
      if (!hit) return insertPair(ctx, node, String(segment), nested(rest, value));
      pair = hit;
      seq = null;
      node = hit.value as AnyNode;
    } else if (isSeq(node) && typeof segment === 'number') {
      if (segment === node.items.length) return appendItem(ctx, node, nested(rest, value));
      const item = node.items[segment];
      if (item === undefined) throw new YamlEditError(`The list at ${path.slice(0, i).join('.')} has no item ${segment}.`);
      seq = node;
      index = segment;
      pair = null;
      node = item as AnyNode;
    } else if ((node === null || (isScalar(node) && node.value === null)) && pair) {
      // An empty key (`labels:`) or an explicit null becomes the collection the path needs.
      return replacePairValue(ctx, pair, nested(path.slice(i), value));
    } else {
      throw new YamlEditError(`${path.slice(0, i).join('.') || 'The document'} is not a ${typeof segment === 'number' ? 'list' : 'map'}.`);
    }
  }
  if (node && isScalar(node) && node.range && node.range[1] > node.range[0] && inlineable(value)) {
    return replaceScalar(ctx, node, value, pair ? column(ctx.text, rangeOf(pair.key as Node)[0]) : column(ctx.text, dashOf(ctx, node)));
  }
  if (pair) return replacePairValue(ctx, pair, value);
  if (seq && node) {
    const [start, end] = [dashOf(ctx, node), endOfLine(ctx.text, rangeOf(node)[1])];
    if (seq.flow) return replaceFlow(ctx, seq, (seq.toJSON() as unknown[]).map((v, i) => (i === index ? value : v)));
    return splice(ctx.text, lineStart(ctx.text, start), end, itemText(value, column(ctx.text, start), ctx));
  }
  throw new YamlEditError('The whole document cannot be replaced by a field edit.');
}

function find(doc: Document, path: YamlPath): Found | null {
  let node = doc.contents as AnyNode;
  const found: Found = { node, pair: null, seq: null, index: -1, parentPair: null };
  for (const segment of path) {
    const holder = found.pair;
    if (isMap(node)) {
      const hit = node.items.find((p) => keyOf(p) === String(segment));
      if (!hit) return null;
      Object.assign(found, { pair: hit, seq: null, index: -1, parentPair: holder });
      node = hit.value as AnyNode;
    } else if (isSeq(node) && typeof segment === 'number' && segment < node.items.length) {
      Object.assign(found, { pair: null, seq: node, index: segment, parentPair: holder });
      node = node.items[segment] as AnyNode;
    } else return null;
    found.node = node;
  }
  return found;
}

function deleteAt(ctx: Ctx, doc: Document, path: YamlPath): string {
  const found = find(doc, path);
  if (!found || path.length === 0) return ctx.text;
  const parentPath = path.slice(0, -1);
  const parent = parentPath.length === 0 ? (doc.contents as AnyNode) : doc.getIn(parentPath, true);
  if (found.pair && isMap(parent)) {
    if (parent.flow) return replaceFlow(ctx, parent, Object.fromEntries(Object.entries(parent.toJSON() as Record<string, unknown>).filter(([k]) => k !== keyOf(found.pair as Pair))));
    const parentPair = find(doc, parentPath)?.pair;
    if (parent.items.length === 1 && parentPair) return replacePairValue(ctx, parentPair, {});
    return splice(ctx.text, lineStart(ctx.text, rangeOf(found.pair.key as Node)[0]), pairEnd(ctx, found.pair), '');
  }
  if (found.seq && found.node) {
    const seq = found.seq;
    if (seq.flow) return replaceFlow(ctx, seq, (seq.toJSON() as unknown[]).filter((_, i) => i !== found.index));
    const parentPair = find(doc, parentPath)?.pair;
    if (seq.items.length === 1 && parentPair) return replacePairValue(ctx, parentPair, []);
    return splice(ctx.text, lineStart(ctx.text, dashOf(ctx, found.node)), endOfLine(ctx.text, rangeOf(found.node)[1]), '');
  }
  return ctx.text;
}

function moveAt(ctx: Ctx, doc: Document, path: YamlPath, from: number, to: number): string {
  const seq = path.length === 0 ? (doc.contents as AnyNode) : doc.getIn(path, true);
  if (!isSeq(seq)) throw new YamlEditError(`${path.join('.')} is not a list.`);
  const count = seq.items.length;
  if (from < 0 || from >= count || to < 0 || to >= count) throw new YamlEditError(`No item ${from < 0 || from >= count ? from : to} in the list ${path.join('.')}.`);
  if (from === to) return ctx.text;
  if (seq.flow) {
    const items = [...(seq.toJSON() as unknown[])];
    const [moved] = items.splice(from, 1);
    items.splice(to, 0, moved);
    return replaceFlow(ctx, seq, items);
  }
  // Each item's lines move; what lies between items (blank lines, comments) stays where it was.
  const chunks = seq.items.map((item) => {
    const node = item as Node;
    return [lineStart(ctx.text, dashOf(ctx, node)), endOfLine(ctx.text, rangeOf(node)[1])] as const;
  });
  const texts = chunks.map(([s, e]) => ctx.text.slice(s, e));
  const order = texts.map((_, i) => i);
  const [moved] = order.splice(from, 1);
  order.splice(to, 0, moved as number);
  let out = ctx.text.slice(0, chunks[0]?.[0] ?? 0);
  chunks.forEach(([, end], i) => {
    out += texts[order[i] as number] ?? '';
    const next = chunks[i + 1];
    out += next ? ctx.text.slice(end, next[0]) : '';
  });
  return out + ctx.text.slice(chunks[chunks.length - 1]?.[1] ?? 0);
}

/** True when the text writes lists under a key at the key's own column (`containers:\n- name: x`). */
export function detectsFlushSequences(text: string): boolean {
  return /^( *)[^\s#-][^\n]*:[ \t]*(#[^\n]*)?\n\1- /m.test(text);
}

function applyTo(source: string, doc: Document, edit: YamlEdit, blocks: boolean): { out: string; wroteBlock: boolean; scalarEdit: Ctx['scalarEdit'] } {
  const ctx: Ctx = { text: source, indentSeq: !detectsFlushSequences(source), blocks, wroteBlock: false, scalarEdit: null };
  let out: string;
  if (edit.op === 'set') out = setAt(ctx, doc, edit.path, edit.value);
  else if (edit.op === 'delete') out = deleteAt(ctx, doc, edit.path);
  else out = moveAt(ctx, doc, edit.path, edit.from, edit.to);
  return { out, wroteBlock: ctx.wroteBlock, scalarEdit: ctx.scalarEdit };
}

/**
 * The document of the last edit's result, when the edit replaced one scalar's text: typing in a form field edits the
 * same text again at once, and parsing a 10-container Pod takes longer than the rest of the keystroke.
 */
let carried: { text: string; doc: Document } | null = null;

/** Forgets the carried document (tests compare with a fresh parse). */
export function forgetCarriedDocument(): void {
  carried = null;
}

/** The scalar type a value written by inlineText reads back as (quoted, or plain). */
function writtenType(written: string): Scalar.Type {
  if (written.startsWith('"')) return Scalar.QUOTE_DOUBLE;
  if (written.startsWith("'")) return Scalar.QUOTE_SINGLE;
  return Scalar.PLAIN;
}

/**
 * `doc` turned into the document of `out` after one scalar's text changed in place: the node's value, type and end
 * move, every position after it shifts by the change in length. Nothing else differs (same keys, same shapes), so
 * it is what parsing `out` would give for every use editYaml makes of it (ranges, keys, values, types).
 */
function carryDocument(doc: Document, edit: NonNullable<Ctx['scalarEdit']>): Document {
  const delta = edit.written.length - (edit.end - edit.start);
  const shift = (range: Range | null | undefined) => {
    if (!range) return;
    for (let i = 0; i < 3; i++) if ((range[i] as number) >= edit.end) range[i] = (range[i] as number) + delta;
  };
  const walk = (node: unknown): void => {
    if (isMap(node) || isSeq(node)) {
      shift(node.range);
      for (const item of node.items as unknown[]) {
        if (isPair(item)) {
          walk(item.key);
          walk(item.value);
        } else walk(item);
      }
    } else if (isNode(node) && node !== edit.node) shift(node.range);
  };
  walk(doc.contents);
  shift(doc.range);
  const range = rangeOf(edit.node);
  range[1] = edit.start + edit.written.length;
  range[2] += delta;
  edit.node.value = edit.value;
  edit.node.type = writtenType(edit.written);
  return doc;
}

/** True when the text parses and holds `value` at `path`. */
function readsBack(text: string, path: YamlPath, value: unknown): boolean {
  const doc = parseDocument(text, { version: '1.1', uniqueKeys: false });
  return doc.errors.length === 0 && doc.getIn(path) === value;
}

/** Applies one edit to the YAML text; throws YamlEditError when the text does not parse or the path does not fit. */
export function editYaml(text: string, edit: YamlEdit): string {
  // Working on text that ends with a newline keeps every node's lines whole; the original ending is restored.
  const addedNewline = text.length > 0 && !text.endsWith('\n');
  const source = addedNewline ? `${text}\n` : text;
  const doc = carried?.text === source ? carried.doc : parseDocument(source, { version: '1.1', uniqueKeys: false });
  carried = null;
  if (doc.errors.length > 0) throw new YamlEditError(`The YAML does not parse: ${doc.errors[0]?.message.split('\n')[0] ?? ''}`);
  const first = applyTo(source, doc, edit, true);
  // A block scalar's indentation depends on its surroundings: one that does not read back is written quoted.
  const out = first.wroteBlock && edit.op === 'set' && !readsBack(first.out, edit.path, edit.value) ? applyTo(source, doc, edit, false).out : first.out;
  if (!first.wroteBlock && first.scalarEdit) carried = { text: out, doc: carryDocument(doc, first.scalarEdit) };
  return addedNewline && out.endsWith('\n') ? out.slice(0, -1) : out;
}
