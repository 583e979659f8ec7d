// Where a Status cause's field path (k8s.io/apimachinery field.Path) lands in YAML text: the key it names, or,
// when the text lacks it, its nearest existing parent, said so.
import { isMap, isScalar, isSeq, LineCounter, parseDocument, type Node, type Pair, type YAMLMap } from 'yaml';
import type { StatusCause } from './kube-status';

export type FieldPathSegment = string | number;

interface ParsedSegment {
  segment: FieldPathSegment;
  /** Where the segment starts and ends in the path text (brackets included). */
  start: number;
  end: number;
  /** Written as `[key]` (field.Path's Key/Index) rather than `.name`. */
  bracketed: boolean;
}

export interface FieldPathPosition {
  /** 1-based. */
  line: number;
  /** 1-based: the column of the key (or of the list item), not of the line. */
  column: number;
  /** The text holds the whole path; false: marked on the nearest parent that is there. */
  exact: boolean;
  /** The path that was found, as written in the field path ('' = the whole object). */
  landedOn: string;
}

/** An editor marker for one cause: where, and what to say (including where it landed when the field is absent). */
export interface CauseMarker {
  line: number;
  column: number;
  message: string;
}

/** field.Path writes the whole object as an empty path; Go's fmt prints a nil path as `<nil>`. */
function isRootPath(path: string): boolean {
  const trimmed = path.trim();
  return trimmed === '' || trimmed === '.' || trimmed === '<nil>';
}

/** A bracket closes at the first `]` followed by `.`, `[` or the end: keys may hold `[`, `]`, `.` and `/`. */
function closingBracket(path: string, open: number): number {
  for (let j = open + 1; j < path.length; j++) {
    if (path[j] !== ']') continue;
    const next = path[j + 1];
    if (next === undefined || next === '.' || next === '[') return j;
  }
  return -1;
}

function parseFieldPath(path: string): ParsedSegment[] {
  if (isRootPath(path)) return [];
  const segments: ParsedSegment[] = [];
  let i = 0;
  let nameStart = -1;
  const flush = (end: number) => {
    if (nameStart !== -1 && end > nameStart) segments.push({ segment: path.slice(nameStart, end), start: nameStart, end, bracketed: false });
    nameStart = -1;
  };
  while (i < path.length) {
    const c = path[i];
    if (c === '.') {
      flush(i);
      i++;
    } else if (c === '[') {
      flush(i);
      const close = closingBracket(path, i);
      const end = close === -1 ? path.length : close;
      const inner = path.slice(i + 1, end);
      segments.push({ segment: /^\d+$/.test(inner) ? Number(inner) : inner, start: i, end: close === -1 ? path.length : close + 1, bracketed: true });
      i = close === -1 ? path.length : close + 1;
    } else {
      if (nameStart === -1) nameStart = i;
      i++;
    }
  }
  flush(path.length);
  return segments;
}

/**
 * Splits a field path (`spec.containers[0].image`, `metadata.labels[app.kubernetes.io/name]`, `.spec.replicas`,
 * `data[a.b]`) into keys and list indexes; the whole object (`''`, `<nil>`) is no segments.
 */
export function splitFieldPath(path: string): FieldPathSegment[] {
  return parseFieldPath(path).map((s) => s.segment);
}

/** How a message names the parent a marker landed on: its last name with the keys and indexes after it (`containers[0]`, `containers[0].ports`). */
export function shortFieldName(path: string): string {
  const segments = parseFieldPath(path);
  if (segments.length === 0) return 'the whole object';
  let from = segments.length - 1;
  while (from > 0 && segments[from]?.bracketed) from--;
  // A bare name after an index says little alone (`ports`): keep the item it belongs to (`containers[0].ports`).
  if (from === segments.length - 1 && segments[from - 1]?.bracketed) {
    from--;
    while (from > 0 && segments[from]?.bracketed) from--;
  }
  const first = segments[from];
  const last = segments[segments.length - 1];
  return first && last ? path.slice(first.start, last.end) : path;
}

type YamlMap = YAMLMap<unknown, unknown>;

function findKey(map: YamlMap, segment: FieldPathSegment): Pair<unknown, unknown> | undefined {
  return map.items.find((p) => isScalar(p.key) && String(p.key.value) === String(segment));
}

/**
 * 1.20.2's ValidatePodTemplateSpec names a template's labels `spec.template.labels` (fldPath.Child("labels") of the
 * template): in the text they sit under the template's metadata.
 */
function templateMetadataKey(map: YamlMap, segment: FieldPathSegment): Pair<unknown, unknown> | undefined {
  if (segment !== 'labels' && segment !== 'annotations') return undefined;
  const metadata = findKey(map, 'metadata')?.value;
  return isMap(metadata) ? findKey(metadata, segment) : undefined;
}

interface Walked {
  position: FieldPathPosition;
  /** The node the path reached (the field's value when exact). */
  node: unknown;
  lineCounter: LineCounter;
}

function walk(text: string, fieldPath: string): Walked {
  const lineCounter = new LineCounter();
  // Positions only: the library's quadratic uniqueKeys check would cost minutes on a 50,000-key object.
  const doc = parseDocument(text, { version: '1.1', lineCounter, prettyErrors: false, uniqueKeys: false });
  let node: unknown = doc.contents;
  const position: FieldPathPosition = { line: 1, column: 1, exact: true, landedOn: '' };
  const at = (offset: number) => {
    const pos = lineCounter.linePos(offset);
    position.line = pos.line;
    position.column = pos.col;
  };
  const path = fieldPath.trim();
  for (const { segment, end } of parseFieldPath(path)) {
    let offset: number | undefined;
    if (isMap(node)) {
      const pair = findKey(node, segment) ?? templateMetadataKey(node, segment);
      if (pair) {
        offset = (pair.key as Node).range?.[0];
        node = pair.value;
      }
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment] as Node | undefined;
      if (item) {
        offset = item.range?.[0];
        node = item;
      }
    }
    if (offset === undefined) {
      position.exact = false;
      break;
    }
    at(offset);
    position.landedOn = path.slice(0, end).replace(/^\./, '');
  }
  return { position, node, lineCounter };
}

/** Where `fieldPath` is in the YAML text: exact, or the nearest existing parent (the whole object: line 1, column 1). */
export function positionOfFieldPath(text: string, fieldPath: string): FieldPathPosition {
  return walk(text, fieldPath).position;
}

/** The value quoted in a FieldValueInvalid message: `Invalid value: "a b": ...` (Go %q, which JSON reads for ASCII). */
function quotedInvalidValue(message: string | undefined): string | null {
  const match = /^Invalid value: ("(?:[^"\\]|\\.)*")/.exec(message ?? '');
  if (!match?.[1]) return null;
  try {
    return JSON.parse(match[1]) as string;
  } catch {
    return null;
  }
}

/**
 * Where a cause belongs. Label and annotation checks name only the map (`metadata.labels: Invalid value: "a b":
 * name part must ...`, ValidateLabels in k8s.io/apimachinery): the key, or the value, quoted in the message
 * picks the entry within it.
 */
export function positionOfCause(text: string, cause: StatusCause): FieldPathPosition {
  const field = cause.field ?? '';
  const walked = walk(text, field);
  const { position, node, lineCounter } = walked;
  const quoted = quotedInvalidValue(cause.message);
  if (!position.exact || quoted === null || !isMap(node)) return position;
  const pair =
    node.items.find((p) => isScalar(p.key) && String(p.key.value) === quoted) ??
    node.items.find((p) => isScalar(p.value) && String(p.value.value) === quoted);
  const offset = (pair?.key as Node | undefined)?.range?.[0];
  if (!pair || offset === undefined) return position;
  const pos = lineCounter.linePos(offset);
  return { line: pos.line, column: pos.col, exact: true, landedOn: `${position.landedOn}[${String((pair.key as { value: unknown }).value)}]` };
}

/** The marker of one cause: `field: message`, plus where it was marked when the text lacks the field. */
export function causeMarker(text: string, cause: StatusCause): CauseMarker {
  const field = (cause.field ?? '').trim();
  const said = cause.message ?? cause.reason ?? '';
  const position = positionOfCause(text, cause);
  if (isRootPath(field)) return { line: 1, column: 1, message: said };
  const where = position.exact
    ? ''
    : position.landedOn === ''
      ? ' (not in the text; marked on the first line)'
      : ` (not in the text; marked on its nearest parent ${shortFieldName(position.landedOn)})`;
  return { line: position.line, column: position.column, message: `${field}: ${said}${where}` };
}
