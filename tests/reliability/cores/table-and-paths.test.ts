// The Table model takes whatever a server or proxy sends without throwing, and a cause's field path lands on
// the line of the key it names in any YAML the editor could hold.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { listToTable } from '../../../src/k8s/list-to-table';
import { normalizeTable, rowName, type Table } from '../../../src/k8s/table';
import { positionOfFieldPath } from '../../../src/k8s/yaml-field-path';
import { toYaml } from '../../../src/writes/draft/editable-object';
import { anyJson, fuzz } from './fuzz-runs';

describe('fuzz: Table model', () => {
  it('normalizes any Table-shaped body and names every row without throwing', () => {
    fuzz(
      'Table model (any Table body)',
      fc.property(
        fc.record({ kind: fc.constant('Table'), columnDefinitions: fc.oneof(fc.constant(null), fc.array(fc.record({ name: fc.string(), type: fc.string(), format: fc.string() }))), rows: fc.oneof(fc.constant(null), fc.array(fc.record({ cells: fc.oneof(fc.array(anyJson), anyJson), object: anyJson }, { requiredKeys: [] }))) }, { requiredKeys: ['kind'] }),
        (body) => {
          const table = normalizeTable(body as unknown as Table);
          expect(Array.isArray(table.rows)).toBe(true);
          for (const row of table.rows) {
            expect(Array.isArray(row.cells)).toBe(true);
            expect(typeof rowName(row, table.columnDefinitions)).toBe('string');
          }
        },
      ),
    );
  });

  it('turns any list body into a Table with one row per item', () => {
    fuzz(
      'Table model (plain list fallback)',
      fc.property(fc.oneof(anyJson, fc.record({ kind: fc.constant('PodList'), items: fc.array(anyJson) })), (list) => {
        const table = listToTable(list, 0);
        const items = typeof list === 'object' && list !== null && Array.isArray((list as { items?: unknown }).items) ? (list as { items: unknown[] }).items : [];
        expect(table.rows).toHaveLength(items.length);
      }),
    );
  });
});

// Keys as Kubernetes writes them: plain, dotted, slashed (label keys), with spaces.
const key = fc.oneof(fc.stringMatching(/^[a-z][a-zA-Z0-9]{0,6}$/), fc.constantFrom('app.kubernetes.io/name', 'a.b', 'x/y', 'with space', 'kubernetes.io/os'));
type Tree = { [key: string]: Tree | Tree[] | string };
const tree: fc.Arbitrary<Tree> = fc.letrec((tie) => ({
  node: fc.dictionary(key, fc.oneof({ maxDepth: 3 }, fc.string({ maxLength: 5 }), tie('node'), fc.array(tie('node'), { minLength: 1, maxLength: 2 })), { minKeys: 1, maxKeys: 3 }),
})).node as fc.Arbitrary<Tree>;

/** Every path to a key in the tree, written as the API writes field paths. */
function paths(node: Tree | Tree[] | string, prefix: string, out: Array<{ path: string; key: string }>): void {
  if (typeof node === 'string') return;
  if (Array.isArray(node)) {
    node.forEach((item, i) => paths(item, `${prefix}[${i}]`, out));
    return;
  }
  for (const [k, v] of Object.entries(node)) {
    const path = /^[a-zA-Z0-9]+$/.test(k) ? (prefix ? `${prefix}.${k}` : k) : `${prefix}[${k}]`;
    out.push({ path, key: k });
    paths(v, path, out);
  }
}

describe('fuzz: YAML field paths', () => {
  // Written as the editor writes objects (YAML 1.1, so `n`, `on`, `yes` keys are quoted as kubectl would).
  it("a field path that is in the text lands exactly on its key's line and column", () => {
    fuzz(
      'YAML path resolution (present fields)',
      fc.property(tree, fc.nat(), (object, pick) => {
        const text = toYaml(object);
        const all: Array<{ path: string; key: string }> = [];
        paths(object, '', all);
        const target = all[pick % all.length];
        if (!target) return;
        const position = positionOfFieldPath(text, target.path);
        expect(position.exact, target.path).toBe(true);
        const line = text.split('\n')[position.line - 1] ?? '';
        const at = line.slice(position.column - 1);
        // The key, possibly quoted by the YAML writer.
        expect(at.startsWith(target.key) || at.startsWith(`"${target.key}"`) || at.startsWith(`'${target.key}'`), `${target.path} -> ${line}`).toBe(true);
      }),
    );
  });

  it('any path against any text returns a line inside the text, never throws', () => {
    fuzz(
      'YAML path resolution (any path, any text)',
      fc.property(fc.oneof(tree.map((t) => toYaml(t)), fc.string({ maxLength: 200 })), fc.string({ maxLength: 40 }), (text, path) => {
        const position = positionOfFieldPath(text, path);
        expect(position.line).toBeGreaterThanOrEqual(1);
        expect(position.line).toBeLessThanOrEqual(Math.max(1, text.split('\n').length));
      }),
    );
  });
});
