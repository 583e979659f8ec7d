// A map as key/value rows: keys renamed on Enter or when leaving the box, entries added by key, label and
// annotation keys checked with the apiserver's syntax as they are typed.
import { useId, useState } from 'react';
import type { FormField } from '../../../k8s/openapi/form-model';
import { metadataEntryProblems } from '../../../k8s/openapi/form-validate';
import type { YamlPath } from '../../../k8s/yaml-edit';
import { useFormContext } from './form-context';
import { FieldInfo, FieldProblems, RemoveFieldButton } from './field-shell';
import { initialValue } from './initial-value';
import { ObjectGroup } from './object-group';
import { ScalarControl } from './scalar-control';
import { YamlValueField } from './yaml-value-field';

export interface MapFieldProps {
  field: FormField;
  path: YamlPath;
  at: string;
  value: unknown;
  onUnset: (() => void) | null;
}

const KEY_INPUT = 'w-48 rounded border px-1.5 py-0.5 font-mono text-xs disabled:bg-slate-50';

function MapEntry({ field, path, at, entryKey, entryValue, keys }: { field: FormField; path: YamlPath; at: string; entryKey: string; entryValue: unknown; keys: string[] }) {
  const { edit, readOnly, problems } = useFormContext();
  const [typedKey, setTypedKey] = useState<string | null>(null);
  const valueId = useId();
  const entryAt = `${at}[${entryKey}]`;
  const shownKey = typedKey ?? entryKey;
  const keyProblems = typedKey === null ? [] : metadataEntryProblems(field.schemaPath, typedKey, entryValue).key;
  const taken = typedKey !== null && typedKey !== entryKey && keys.includes(typedKey);
  const rename = () => {
    if (typedKey === null || typedKey === entryKey || typedKey === '' || taken || keyProblems.length > 0) return;
    edit({ op: 'delete', path: [...path, entryKey] }, { op: 'set', path: [...path, typedKey], value: entryValue });
    setTypedKey(null);
  };
  const kind = field.itemKind ?? 'yaml';
  const itemPath = [...path, entryKey];
  return (
    <div className="py-0.5" data-form-field={entryAt}>
      {kind === 'object' ? (
        <ObjectGroup field={field} title={entryKey} path={itemPath} at={entryAt} value={entryValue} onUnset={() => edit({ op: 'delete', path: itemPath })} />
      ) : (
        <div className="flex items-start gap-1">
          <input
            type="text"
            aria-label={`${field.name} key`}
            disabled={readOnly !== null}
            spellCheck={false}
            value={shownKey}
            onChange={(e) => setTypedKey(e.target.value)}
            onBlur={rename}
            onKeyDown={(e) => {
              if (e.key === 'Enter') rename();
            }}
            className={`${KEY_INPUT} ${keyProblems.length > 0 || taken ? 'border-red-400' : 'border-slate-300'}`}
          />
          <div className="min-w-0 flex-1">
            {kind === 'yaml' ? (
              <YamlValueField id={valueId} label={entryKey} path={itemPath} value={entryValue} />
            ) : (
              <ScalarControl
                id={valueId}
                kind={kind}
                field={{ enumValues: [], defaultValue: undefined, required: true }}
                label={entryKey}
                value={entryValue}
                invalid={(problems.get(entryAt)?.length ?? 0) > 0}
                onValue={(v) => edit({ op: 'set', path: itemPath, value: v ?? '' })}
              />
            )}
          </div>
          {readOnly === null && (
            <button type="button" aria-label={`Remove ${entryKey}`} onClick={() => edit({ op: 'delete', path: itemPath })} className="rounded border border-slate-200 px-1 text-[11px] text-slate-600 hover:bg-slate-100">
              Remove
            </button>
          )}
        </div>
      )}
      {(keyProblems.length > 0 || taken) && (
        <ul role="alert" className="text-xs text-red-700">
          {taken && <li>{`${typedKey ?? ''}: the key is already used`}</li>}
          {keyProblems.map((p) => (
            <li key={p}>
              {typedKey}: {p}
            </li>
          ))}
        </ul>
      )}
      <FieldProblems at={entryAt} />
    </div>
  );
}

export function MapField({ field, path, at, value, onUnset }: MapFieldProps) {
  const { edit, readOnly } = useFormContext();
  const entries = typeof value === 'object' && value !== null && !Array.isArray(value) ? Object.entries(value as Record<string, unknown>) : [];
  const keys = entries.map(([k]) => k);
  const [newKey, setNewKey] = useState('');
  const newKeyProblems = newKey === '' ? [] : [...metadataEntryProblems(field.schemaPath, newKey, '').key, ...(keys.includes(newKey) ? ['the key is already used'] : [])];
  const add = () => {
    if (newKey === '' || newKeyProblems.length > 0) return;
    edit({ op: 'set', path: [...path, newKey], value: initialValue({ kind: field.itemKind ?? 'yaml', defaultValue: undefined, enumValues: [] }) });
    setNewKey('');
  };
  return (
    <section role="group" aria-label={field.name} className="my-1" data-form-field={at}>
      <div className="flex flex-wrap items-center gap-x-2">
        <span className="font-mono text-xs font-semibold text-slate-800">{field.name}</span>
        {field.required && <span className="text-xs text-red-600">*</span>}
        <span className="text-[11px] text-slate-400">{field.typeName}</span>
        <FieldInfo field={field} />
        {readOnly === null && onUnset && <RemoveFieldButton name={field.name} onRemove={onUnset} />}
      </div>
      <FieldProblems at={at} />
      <div className="ml-2 border-l border-slate-200 pl-2">
        {entries.map(([k, v]) => (
          <MapEntry key={k} field={field} path={path} at={at} entryKey={k} entryValue={v} keys={keys} />
        ))}
        {readOnly === null && (
          <div className="flex items-center gap-1 pt-0.5">
            <input
              type="text"
              aria-label={`New ${field.name} key`}
              placeholder="new key"
              spellCheck={false}
              value={newKey}
              onChange={(e) => setNewKey(e.target.value)}
              onKeyDown={(e) => {
                if (e.key === 'Enter') add();
              }}
              className={`${KEY_INPUT} ${newKeyProblems.length > 0 ? 'border-red-400' : 'border-slate-300'}`}
            />
            <button type="button" onClick={add} disabled={newKey === '' || newKeyProblems.length > 0} className="rounded border border-slate-200 px-1 text-[11px] text-slate-600 hover:bg-slate-100 disabled:opacity-40">
              Add {field.name} entry
            </button>
          </div>
        )}
        {newKeyProblems.length > 0 && (
          <ul role="alert" className="text-xs text-red-700">
            {newKeyProblems.map((p) => (
              <li key={p}>
                {newKey}: {p}
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
