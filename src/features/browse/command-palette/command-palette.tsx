// Ctrl/Cmd+K or ":" opens a kubectl-style jump box: `po`, `deploy`, `svc kube-system`, `po/web-1`.
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { isTypingTarget } from '../../../components/ui/typing-target';
import { useDiscovery } from '../../../data/discovery-query';
import { useKnownNamespaces } from '../../../data/namespaces-query';
import { objectExistsQueryOptions } from '../../../data/object-exists-query';
import { OBJECT_NAMES_LIMIT } from '../../../data/object-names-query';
import { qualifiedName } from '../../../k8s/discovery/resource-index';
import { useUiStore } from '../../../stores/ui-store';
import { argumentObjectPath, namedResourceItems, objectLabel, paletteItems, type PaletteItem } from './palette-query';
import { missingObjectMessage, useMissingObject } from './use-missing-object';
import { useNameMatches } from './use-name-matches';
import { PROBE_DELAY_MS, useSettled } from './use-settled';

const NONE_USED: readonly string[] = [];
const NOTHING_MISSING: ReadonlySet<string> = new Set();

export interface CommandPaletteProps {
  context: string;
  /** The namespace picked in the header; null = all namespaces. */
  namespace: string | null;
  /** Goes to a UI path. */
  onNavigate: (href: string) => void;
}


/** The header button and the dialog it opens. */
export function CommandPalette({ context, namespace, onNavigate }: CommandPaletteProps) {
  const [open, setOpen] = useState(false);
  const opener = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (e: globalThis.KeyboardEvent) => {
      const ctrlK = (e.ctrlKey || e.metaKey) && !e.altKey && e.key.toLowerCase() === 'k';
      const colon = e.key === ':' && !e.ctrlKey && !e.metaKey && !e.altKey && !isTypingTarget(e.target);
      if (!ctrlK && !colon) return;
      e.preventDefault();
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      setOpen(true);
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = () => {
    setOpen(false);
    opener.current?.focus();
  };

  return (
    <>
      <button
        type="button"
        data-testid="palette-open"
        aria-haspopup="dialog"
        onClick={(e) => {
          opener.current = e.currentTarget;
          setOpen(true);
        }}
        className="inline-flex h-7 w-56 min-w-0 items-center gap-2 whitespace-nowrap rounded border border-slate-200 bg-slate-50 px-2 text-xs text-slate-400 hover:border-slate-300"
      >
        <span className="truncate">Jump to resource…</span>
        <kbd className="ml-auto shrink-0 rounded border border-slate-200 bg-white px-1 font-sans text-[10px] text-slate-500">Ctrl K</kbd>
      </button>
      {open && (
        <PaletteDialog
          context={context}
          namespace={namespace}
          onClose={close}
          onChoose={(href) => {
            setOpen(false);
            onNavigate(href);
          }}
        />
      )}
    </>
  );
}

interface PaletteDialogProps {
  context: string;
  namespace: string | null;
  onClose: () => void;
  onChoose: (href: string) => void;
}

function PaletteDialog({ context, namespace, onClose, onChoose }: PaletteDialogProps) {
  const [text, setText] = useState('');
  const [activeIndex, setActiveIndex] = useState(0);
  const discovery = useDiscovery(context);
  const used = useUiStore((s) => s.usedNamespacesByContext[context]) ?? NONE_USED;
  const known = useKnownNamespaces(context, used);
  const pinned = useUiStore((s) => s.pinnedResources);
  const recent = useUiStore((s) => s.recentResources);
  const titleId = useId();
  const listId = useId();
  const optionId = (i: number) => `${listId}-${i}`;
  const index = discovery.data?.index;

  // Without a namespace list an unknown argument may still be a namespace: a GET of the object it would otherwise name
  // decides which reading comes first.
  const listUnavailable = known.forbidden || known.error !== null;
  const settledText = useSettled(text, PROBE_DELAY_MS);
  const probe = index && listUnavailable ? argumentObjectPath(index, settledText, { context, namespace, namespaces: known.names }) : null;
  const exists = useQuery({ ...objectExistsQueryOptions(context, probe ?? ''), enabled: probe !== null });
  const missingObjects = useMemo(() => (probe !== null && exists.data === false ? new Set([probe]) : NOTHING_MISSING), [probe, exists.data]);

  const resourceItems = useMemo(() => {
    if (!index) return [];
    const scope = { context, namespace, namespaces: known.names, missingObjects };
    return text.trim() ? paletteItems(index, text, scope) : namedResourceItems(index, [...pinned, ...recent], scope);
  }, [index, text, context, namespace, known.names, missingObjects, pinned, recent]);
  // An object named outright but absent where it would open: not offered; where the name is, first.
  const missing = useMissingObject(text, resourceItems, { context, namespace, namespaces: known.names });
  // Resource types first, then objects found by name (each target once).
  const byName = useNameMatches(context, namespace, index, text, known.names);
  const items = useMemo(() => {
    const offered = [...(missing?.elsewhere ?? []), ...resourceItems.filter((i) => i !== missing?.item), ...byName.items];
    return offered.filter((item, i) => offered.findIndex((o) => o.href === item.href) === i);
  }, [missing, resourceItems, byName.items]);
  const active = Math.min(activeIndex, Math.max(0, items.length - 1));

  useEffect(() => {
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  });

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (items.length === 0) return;
      const step = e.key === 'ArrowDown' ? 1 : -1;
      setActiveIndex((active + step + items.length) % items.length);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      const item = items[active];
      if (item) onChoose(item.href);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      onClose();
    }
  };

  return (
    <div className="fixed inset-0 z-50 flex items-start justify-center bg-slate-900/30 pt-[12vh]" onMouseDown={onClose}>
      <div
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        data-testid="command-palette"
        onMouseDown={(e) => e.stopPropagation()}
        className="w-[36rem] max-w-[92vw] overflow-hidden rounded-lg border border-slate-200 bg-white shadow-xl"
      >
        <h2 id={titleId} className="sr-only">
          Jump to a resource
        </h2>
        <input
          autoFocus
          role="combobox"
          aria-expanded={items.length > 0}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={items.length > 0 ? optionId(active) : undefined}
          aria-labelledby={titleId}
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setActiveIndex(0);
          }}
          onKeyDown={onKeyDown}
          placeholder="po, deploy, svc kube-system, po/name, explain deploy.spec…"
          spellCheck={false}
          autoComplete="off"
          className="h-11 w-full border-b border-slate-200 px-4 font-mono text-sm text-slate-900 placeholder:font-sans placeholder:text-slate-400 focus:outline-none"
        />
        <ul id={listId} role="listbox" aria-label="Matches" className="max-h-80 overflow-y-auto py-1">
          {items.map((item, i) => (
            <li
              key={item.id}
              id={optionId(i)}
              role="option"
              aria-selected={i === active}
              data-testid="palette-option"
              data-href={item.href}
              onMouseMove={() => i !== active && setActiveIndex(i)}
              onClick={() => onChoose(item.href)}
              className={`flex cursor-pointer items-baseline gap-2 px-4 py-1.5 text-sm ${i === active ? 'bg-indigo-50 text-indigo-900' : 'text-slate-700'}`}
            >
              <ItemLabel item={item} />
            </li>
          ))}
        </ul>
        <PaletteFooter
          loading={discovery.isPending}
          error={discovery.isError ? discovery.error.message : null}
          empty={items.length === 0}
          text={text}
          searching={byName.searching}
          truncated={byName.truncated}
          note={missing ? missingObjectMessage(missing) : null}
        />
      </div>
    </div>
  );
}

function ItemLabel({ item }: { item: PaletteItem }) {
  const r = item.resource;
  if (item.target === 'explain') {
    return (
      <>
        <span className="font-mono">explain {[qualifiedName(r), ...(item.field ?? [])].join('.')}</span>
        <span className="text-xs text-slate-400">
          {r.kind} · {r.groupVersion}
        </span>
        <span className="ml-auto text-[11px] text-slate-400">explain</span>
      </>
    );
  }
  const where = r.namespaced ? (item.namespace === null ? 'all namespaces' : `in ${item.namespace}`) : 'cluster';
  if (item.target === 'object') {
    return (
      <>
        <span className="font-mono">
          {objectLabel(item)}
        </span>
        <span className="text-xs text-slate-400">
          {r.kind} · {where}
        </span>
        <span className="ml-auto text-[11px] text-slate-400">open</span>
      </>
    );
  }
  return (
    <>
      <span className="font-mono">{qualifiedName(r)}</span>
      <span className="text-xs text-slate-400">
        {r.kind} · {r.groupVersion} · {where}
      </span>
      <span className="ml-auto text-[11px] text-slate-400">list</span>
    </>
  );
}

interface PaletteFooterProps {
  loading: boolean;
  error: string | null;
  empty: boolean;
  text: string;
  searching: boolean;
  truncated: readonly string[];
  /** What the palette found out about the input (a named object that is not there). */
  note: string | null;
}

function PaletteFooter({ loading, error, empty, text, searching, truncated, note }: PaletteFooterProps) {
  let message: string | null = null;
  if (loading) message = 'Discovering resources…';
  else if (error) message = `Discovery failed: ${error}`;
  else if (note) message = note;
  else if (searching) message = 'Looking for objects by name…';
  else if (empty && text.trim()) message = `No resource or object name matches “${text.trim()}”.`;
  else if (truncated.length > 0) message = `Names searched in the first ${OBJECT_NAMES_LIMIT} of ${truncated.join(', ')} only · ↑↓ · Enter · Esc`;
  else if (empty) message = 'Type a resource (po, deploy, deployments.apps), add a namespace or a name.';
  return (
    <p className="border-t border-slate-100 px-4 py-1.5 text-[11px] text-slate-400" role="status">
      {message ?? '↑↓ to choose · Enter to go · Esc to close'}
    </p>
  );
}
