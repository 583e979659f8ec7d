// The header's namespace picker: the listed namespaces, or for a user who may not list them, the ones they used and
// their context's own. Any other can be typed; one where the rules review grants nothing is marked, never dropped.
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useAccess } from '../../data/access-query';
import { useNamespaceAccess, type NamespaceAccess } from '../../data/namespace-access-query';
import type { ApiPath } from '../../k8s/paths';
import { useKnownNamespaces } from '../../data/namespaces-query';
import { useUiStore } from '../../stores/ui-store';
import { HeaderSelect, HeaderTextInput } from './header-select';

/** Option value for "All namespaces" (no namespace is named ""). */
const ALL = '';
/** Option value for "Type a namespace…" (no namespace name holds a colon). */
const TYPE = ':type';
const NONE_USED: readonly string[] = [];
const TYPING_HINT = 'Enter to go · Esc to cancel';
const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** Why the text cannot name a namespace (a DNS-1123 label), or null when it can. */
export function namespaceNameProblem(text: string): string | null {
  if (text === '') return 'Type a namespace name';
  if (text.length > 63) return 'A namespace name has at most 63 characters';
  if (!DNS1123_LABEL.test(text)) return 'A namespace name is lowercase letters, digits and "-", starting and ending with a letter or digit';
  return null;
}

/** The option text: the name, marked where the user has no access. */
export function namespaceLabel(name: string, access: NamespaceAccess | undefined): string {
  return access === 'no' ? `${name} — no access here` : name;
}

export interface NamespacePickerProps {
  context: string;
  /** The chosen namespace; null = all namespaces. */
  namespace: string | null;
  /** True on cluster-scoped lists, where a namespace means nothing. */
  disabled: boolean;
  /** The collection or object on screen: "All namespaces" is offered as the server allows listing it across all. */
  path: ApiPath | null;
  onSelect: (namespace: string | null) => void;
}

export function NamespacePicker({ context, namespace, disabled, path, onSelect }: NamespacePickerProps) {
  const used = useUiStore((s) => s.usedNamespacesByContext[context]) ?? NONE_USED;
  const rememberUsed = useUiStore((s) => s.rememberUsedNamespace);
  const known = useKnownNamespaces(context, used);
  const [typing, setTyping] = useState(false);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const selectRef = useRef<HTMLSelectElement>(null);
  const refocusSelect = useRef(false);

  const options = namespace === null || known.names.includes(namespace) ? known.names : [namespace, ...known.names];
  // The list vouches for its names; every other one is reviewed, once the list has answered (no review races it).
  const listSettled = known.listed !== undefined || known.forbidden || known.error !== null;
  const unlisted = listSettled ? options.filter((name) => !known.listed?.includes(name)) : [];
  const access = useNamespaceAccess(context, unlisted);
  const current = namespace === null ? undefined : access.get(namespace);
  // A list across all namespaces is a list at cluster scope: a user bound in some namespaces only is refused it (403).
  const across = useAccess(context, !disabled && path ? { verb: 'list', group: path.group, resource: path.resource } : null);
  const allRefused = across.state === 'denied' && namespace !== null;

  useEffect(() => {
    // Offered next time even when the list is refused; "unknown" counts, as the server decides there (mayAct).
    if (namespace !== null && (current === 'yes' || current === 'unknown')) rememberUsed(context, namespace);
  }, [context, namespace, current, rememberUsed]);

  useEffect(() => {
    if (typing || !refocusSelect.current) return;
    refocusSelect.current = false;
    selectRef.current?.focus();
  }, [typing]);

  const stopTyping = (refocus: boolean) => {
    refocusSelect.current = refocus;
    setTyping(false);
  };

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      const name = text.trim();
      const wrong = namespaceNameProblem(name);
      if (wrong) {
        setProblem(wrong);
        return;
      }
      stopTyping(true);
      onSelect(name);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      stopTyping(true);
    }
  };

  if (typing) {
    return (
      <HeaderTextInput
        label="Namespace"
        testId="namespace-input"
        value={text}
        onChange={(value) => {
          setText(value);
          setProblem(null);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => stopTyping(false)}
        placeholder="namespace name"
        suggestions={options}
        hint={problem ?? TYPING_HINT}
        invalid={problem !== null}
      />
    );
  }

  const listTitle = disabled
    ? 'This resource is cluster-scoped'
    : known.forbidden
      ? 'You may not list namespaces: type one you work in'
      : known.error
        ? `Could not list namespaces: ${known.error.message}`
        : undefined;
  const accessTitle = current === 'no' ? `You have no access in namespace ${namespace} (SelfSubjectRulesReview grants nothing there)` : undefined;
  const title = [listTitle, accessTitle].filter(Boolean).join('. ') || undefined;

  return (
    <HeaderSelect
      ref={selectRef}
      label="Namespace"
      testId="namespace-picker"
      value={namespace ?? ALL}
      disabled={disabled}
      title={title}
      onChange={(value) => {
        if (value === TYPE) {
          setText('');
          setProblem(null);
          setTyping(true);
        } else {
          onSelect(value === ALL ? null : value);
        }
      }}
    >
      <option value={ALL} disabled={allRefused} data-testid="all-namespaces-option">
        {allRefused ? `All namespaces — you may not list ${path?.resource ?? ''} across them` : 'All namespaces'}
      </option>
      {options.map((name) => (
        <option key={name} value={name} data-access={access.get(name)}>
          {namespaceLabel(name, access.get(name))}
        </option>
      ))}
      <option value={TYPE}>Type a namespace…</option>
    </HeaderSelect>
  );
}
