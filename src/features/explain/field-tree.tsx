// The kind's fields as a collapsible tree (WAI-ARIA tree: arrows move, Right/Left expand and collapse, Enter opens).
// Children are asked of the model only when expanded, so recursive schemas stay cheap.
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import type { ExplainField, ExplainModel } from '../../k8s/openapi/explain-model';
import { FieldBadges } from './field-facts';

const keyOf = (path: readonly string[]) => path.join('.');

// Compared, not put in a selector: field names may hold any character.
function rowElement(tree: HTMLElement | null, key: string): HTMLElement | undefined {
  return [...(tree?.querySelectorAll<HTMLElement>('[data-path]') ?? [])].find((el) => el.dataset.path === key);
}

interface Row {
  field: ExplainField;
  depth: number;
  expanded: boolean;
}

function visibleRows(model: ExplainModel, expanded: ReadonlySet<string>): Row[] {
  const rows: Row[] = [];
  const walk = (path: readonly string[], depth: number) => {
    for (const field of model.children(path)) {
      const open = field.hasChildren && expanded.has(keyOf(field.path));
      rows.push({ field, depth, expanded: open });
      if (open) walk(field.path, depth + 1);
    }
  };
  walk([], 0);
  return rows;
}

/** The selected field's ancestors and itself, expanded. */
function ancestorsOf(path: readonly string[]): string[] {
  return path.map((_, i) => keyOf(path.slice(0, i + 1)));
}

export interface FieldTreeProps {
  model: ExplainModel;
  /** The field the URL names ([] = none): expanded to, scrolled to and highlighted. */
  selected: readonly string[];
  /** The link of a field. */
  hrefOf: (path: readonly string[]) => string;
  /** Follows a field's link (Enter). */
  onOpen: (href: string) => void;
}

export function FieldTree({ model, selected, hrefOf, onOpen }: FieldTreeProps) {
  const selectedKey = keyOf(selected);
  const [expanded, setExpanded] = useState<Set<string>>(() => new Set(ancestorsOf(selected)));
  const [focused, setFocused] = useState<string | null>(selected.length > 0 ? selectedKey : null);
  const treeRef = useRef<HTMLUListElement>(null);

  // A newly selected field (palette, search result) opens its way down (state adjusted while rendering, not in an effect).
  const [openedFor, setOpenedFor] = useState(selectedKey);
  if (openedFor !== selectedKey) {
    setOpenedFor(selectedKey);
    setExpanded((prev) => new Set([...prev, ...ancestorsOf(selected)]));
    if (selected.length > 0) setFocused(selectedKey);
  }

  const rows = useMemo(() => visibleRows(model, expanded), [model, expanded]);

  useEffect(() => {
    if (selected.length === 0) return;
    rowElement(treeRef.current, selectedKey)?.scrollIntoView?.({ block: 'center' });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- scroll once per selection
  }, [selectedKey, model]);

  const toggle = (key: string, open?: boolean) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (open ?? !next.has(key)) next.add(key);
      else next.delete(key);
      return next;
    });

  const focusRow = (key: string) => {
    setFocused(key);
    rowElement(treeRef.current, key)?.focus();
  };

  const tabStop = focused !== null && rows.some((r) => keyOf(r.field.path) === focused) ? focused : rows[0] ? keyOf(rows[0].field.path) : null;

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const at = rows.findIndex((r) => keyOf(r.field.path) === tabStop);
    const row = rows[at];
    const go = (i: number) => {
      const target = rows[Math.max(0, Math.min(rows.length - 1, i))];
      if (target) focusRow(keyOf(target.field.path));
    };
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(rows.length - 1);
    else if (e.key === 'ArrowRight' && row) {
      if (row.field.hasChildren && !row.expanded) toggle(keyOf(row.field.path), true);
      else if (row.expanded) go(at + 1);
    } else if (e.key === 'ArrowLeft' && row) {
      if (row.expanded) toggle(keyOf(row.field.path), false);
      else if (row.field.path.length > 1) focusRow(keyOf(row.field.path.slice(0, -1)));
    } else if (e.key === 'Enter' && row) onOpen(hrefOf(row.field.path));
    else return;
    e.preventDefault();
  };


  return (
    <ul ref={treeRef} role="tree" aria-label="Fields" data-testid="explain-tree" onKeyDown={onKeyDown} className="py-1 text-sm">
      {rows.map(({ field, depth, expanded: open }) => {
        const key = keyOf(field.path);
        const isSelected = key === selectedKey && selected.length > 0;
        return (
          <li
            key={key}
            role="treeitem"
            aria-level={depth + 1}
            aria-expanded={field.hasChildren ? open : undefined}
            aria-selected={isSelected}
            tabIndex={key === tabStop ? 0 : -1}
            data-path={key}
            data-testid="explain-tree-item"
            onFocus={(e) => e.target === e.currentTarget && setFocused(key)}
            className={`flex items-baseline gap-1.5 rounded px-1 py-0.5 outline-none focus-visible:ring-2 focus-visible:ring-indigo-400 ${
              isSelected ? 'bg-amber-100' : 'hover:bg-slate-50'
            }`}
            style={{ paddingLeft: `${depth * 1.1 + 0.25}rem` }}
          >
            {field.hasChildren ? (
              <button
                type="button"
                tabIndex={-1}
                aria-label={`${open ? 'Collapse' : 'Expand'} ${field.name}`}
                onClick={() => toggle(key)}
                className="w-4 shrink-0 text-xs text-slate-500"
              >
                {open ? '▾' : '▸'}
              </button>
            ) : (
              <span className="w-4 shrink-0" />
            )}
            <a href={hrefOf(field.path)} tabIndex={-1} className="font-mono text-slate-900 hover:underline">
              {field.name}
            </a>
            <span className="shrink-0 font-mono text-xs text-emerald-700">&lt;{field.type}&gt;</span>
            <FieldBadges field={field} />
            <span className="min-w-0 flex-1 truncate text-xs text-slate-500" title={field.description}>
              {field.description}
            </span>
          </li>
        );
      })}
    </ul>
  );
}
