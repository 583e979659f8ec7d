// A list: items with Move up / Move down / Remove, titled by the list's merge key (containers by name), and Add.
import { memo, useId } from 'react';
import type { FormField } from '../../../k8s/openapi/form-model';
import { isRecord, ownValue } from '../../../k8s/own-properties';
import type { YamlPath } from '../../../k8s/yaml-edit';
import { useFormContext } from './form-context';
import { FieldInfo, FieldProblems, RemoveFieldButton } from './field-shell';
import { pathKey } from './form-paths';
import { newListItem } from './initial-value';
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
  const titled = key && isRecord(item) ? ownValue(item, key) : undefined;
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

interface ListItemProps {
  field: FormField;
  /** The list's path; the item's is this with `index`. */
  listPath: YamlPath;
  index: number;
  /** How many items the list has (the last one cannot move down). */
  count: number;
  item: unknown;
  /** The item's field path (`spec.containers[2]`): names its place, as `listPath` and `index` do. */
  at: string;
}

function ListItemView({ field, listPath, index, count, item, at }: ListItemProps) {
  const { edit, readOnly } = useFormContext();
  const title = itemTitle(field, item, index);
  const itemPath = [...listPath, index];
  const actions = readOnly === null && (
    <>
      <button type="button" className={SMALL} aria-label={`Move ${title} up`} disabled={index === 0} onClick={() => edit({ op: 'move', path: listPath, from: index, to: index - 1 })}>
        ↑
      </button>
      <button type="button" className={SMALL} aria-label={`Move ${title} down`} disabled={index === count - 1} onClick={() => edit({ op: 'move', path: listPath, from: index, to: index + 1 })}>
        ↓
      </button>
      <button type="button" className={SMALL} aria-label={`Remove ${title}`} onClick={() => edit({ op: 'delete', path: itemPath })}>
        Remove
      </button>
    </>
  );
  return field.itemKind === 'object' ? (
    <ObjectGroup field={field} title={title} openByDefault={index < OPEN_ITEMS} path={itemPath} at={at} value={item} onUnset={null} actions={actions} />
  ) : (
    <div className="flex items-center gap-1 py-0.5" data-form-field={at}>
      <div className="min-w-0 flex-1">
        <ScalarItem field={field} path={itemPath} at={at} item={item} label={`${field.name} ${index + 1}`} />
        <FieldProblems at={at} />
      </div>
      {actions}
    </div>
  );
}

/** An item, re-rendered only when it, its place or the list's length changed: typing in one container skips the others. */
const ListItem = memo(ListItemView, (a, b) => a.item === b.item && a.at === b.at && a.count === b.count && a.field === b.field && a.index === b.index);

export function ListField({ field, path, at, value, onUnset }: ListFieldProps) {
  const { edit, readOnly, opened, setOpen, model } = useFormContext();
  const items = Array.isArray(value) ? value : [];
  const key = pathKey(path);
  const open = opened.get(key) ?? true;
  const editable = readOnly === null;
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
        {editable && onUnset && <RemoveFieldButton name={field.name} onRemove={onUnset} />}
      </div>
      <FieldProblems at={at} />
      {open && (
        <div className="ml-2 border-l border-slate-200 pl-2">
          {items.map((item, index) => (
            <ListItem key={index} field={field} listPath={path} index={index} count={items.length} item={item} at={`${at}[${index}]`} />
          ))}
          {editable && (
            <button
              type="button"
              className={`${SMALL} mt-1`}
              onClick={() => edit({ op: 'set', path: [...path, items.length], value: newListItem(field, model.children) })}
            >
              Add {field.name} item
            </button>
          )}
        </div>
      )}
    </section>
  );
}
