// A list: items with Move up / Move down / Remove, titled by the list's merge key (containers by name), and Add.
import { useId } from 'react';
import type { FormField } from '../../../k8s/openapi/form-model';
import type { YamlPath } from '../../../k8s/yaml-edit';
import { useFormContext } from './form-context';
import { FieldInfo, FieldProblems } from './field-shell';
import { pathKey } from './form-paths';
import { initialValue } from './initial-value';
import { ObjectGroup } from './object-group';
import { ScalarControl } from './scalar-control';
import { YamlValueField } from './yaml-value-field';

export interface ListFieldProps {
  field: FormField;
  path: YamlPath;
  at: string;
  value: unknown;
  onUnset: (() => void) | null;
}

/** Items drawn open at first: a Pod with ten containers shows three, the others by their titles. */
const OPEN_ITEMS = 3;

const SMALL = 'rounded border border-slate-200 px-1 text-[11px] text-slate-600 hover:bg-slate-100 disabled:opacity-40';

function itemTitle(field: FormField, item: unknown, index: number): string {
  const key = field.itemTitleKey;
  const titled = key && typeof item === 'object' && item !== null && !Array.isArray(item) ? (item as Record<string, unknown>)[key] : undefined;
  return typeof titled === 'string' || typeof titled === 'number' ? `${field.name}: ${titled}` : `${field.name}[${index}]`;
}

function ScalarItem({ field, path, at, item, label }: { field: FormField; path: YamlPath; at: string; item: unknown; label: string }) {
  const { edit, problems } = useFormContext();
  const id = useId();
  const kind = field.itemKind ?? 'yaml';
  if (kind === 'yaml') return <YamlValueField id={id} label={label} path={path} value={item} />;
  return (
    <ScalarControl
      id={id}
      kind={kind}
      field={{ enumValues: [], defaultValue: undefined, required: true }}
      label={label}
      value={item}
      invalid={(problems.get(at)?.length ?? 0) > 0}
      onValue={(v) => edit({ op: 'set', path, value: v ?? '' })}
    />
  );
}

export function ListField({ field, path, at, value, onUnset }: ListFieldProps) {
  const { edit, readOnly, opened, setOpen } = useFormContext();
  const items = Array.isArray(value) ? value : [];
  const key = pathKey(path);
  const open = opened.get(key) ?? true;
  const editable = readOnly === null;
  const actions = (index: number, title: string) =>
    editable && (
      <>
        <button type="button" className={SMALL} aria-label={`Move ${title} up`} disabled={index === 0} onClick={() => edit({ op: 'move', path, from: index, to: index - 1 })}>
          ↑
        </button>
        <button type="button" className={SMALL} aria-label={`Move ${title} down`} disabled={index === items.length - 1} onClick={() => edit({ op: 'move', path, from: index, to: index + 1 })}>
          ↓
        </button>
        <button type="button" className={SMALL} aria-label={`Remove ${title}`} onClick={() => edit({ op: 'delete', path: [...path, index] })}>
          Remove
        </button>
      </>
    );
  return (
    <section role="group" aria-label={field.name} className="my-1" data-form-field={at}>
      <div className="flex flex-wrap items-center gap-x-2">
        <button type="button" aria-expanded={open} onClick={() => setOpen(key, !open)} className="font-mono text-xs font-semibold text-slate-800">
          {open ? '▾' : '▸'} {field.name}
        </button>
        {field.required && <span className="text-xs text-red-600">*</span>}
        <span className="text-[11px] text-slate-400">
          {field.typeName} · {items.length} {items.length === 1 ? 'item' : 'items'}
        </span>
        <FieldInfo field={field} />
        {editable && onUnset && (
          <button type="button" onClick={onUnset} aria-label={`Unset ${field.name}`} className="ml-auto text-[11px] text-slate-400 hover:text-red-700">
            unset
          </button>
        )}
      </div>
      <FieldProblems at={at} />
      {open && (
        <div className="ml-2 border-l border-slate-200 pl-2">
          {items.map((item, index) => {
            const title = itemTitle(field, item, index);
            const itemPath = [...path, index];
            const itemAt = `${at}[${index}]`;
            return field.itemKind === 'object' ? (
              <ObjectGroup key={index} field={field} title={title} openByDefault={index < OPEN_ITEMS} path={itemPath} at={itemAt} value={item} onUnset={null} actions={actions(index, title)} />
            ) : (
              <div key={index} className="flex items-center gap-1 py-0.5" data-form-field={itemAt}>
                <div className="min-w-0 flex-1">
                  <ScalarItem field={field} path={itemPath} at={itemAt} item={item} label={`${field.name} ${index + 1}`} />
                  <FieldProblems at={itemAt} />
                </div>
                {actions(index, title)}
              </div>
            );
          })}
          {editable && (
            <button
              type="button"
              className={`${SMALL} mt-1`}
              onClick={() => edit({ op: 'set', path: [...path, items.length], value: initialValue({ kind: field.itemKind ?? 'yaml', defaultValue: undefined, enumValues: [] }, field.itemTitleKey) })}
            >
              Add {field.name} item
            </button>
          )}
        </div>
      )}
    </section>
  );
}
