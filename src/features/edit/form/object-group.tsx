// An object's fields as a collapsible group: the fields it has (in the order of the YAML), required ones even when
// not set, and the optional ones not set under "Add field" so a Pod spec stays readable.
import { Fragment, type ReactNode } from 'react';
import type { FormField } from '../../../k8s/openapi/form-model';
import { ownValue } from '../../../k8s/own-properties';
import type { YamlPath } from '../../../k8s/yaml-edit';
import { useFormContext } from './form-context';
import { FieldInfo, FieldProblems, RemoveFieldButton } from './field-shell';
import { pathKey } from './form-paths';
import { newFieldValue } from './initial-value';

export interface ObjectGroupProps {
  field: FormField;
  path: YamlPath;
  at: string;
  value: unknown;
  onUnset: (() => void) | null;
  /** The group's title (a list item's merge key); defaults to the field's name. */
  title?: string;
  /** Drawn in place of the Remove field control (a list item's Move and Remove). */
  actions?: ReactNode;
  /** Shown open until the user closes it (list items past the first few start closed). */
  openByDefault?: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const UNKNOWN: Omit<FormField, 'name' | 'schemaPath'> = {
  kind: 'yaml',
  typeName: 'not in the schema',
  description: 'The schema does not list this field: the server may drop it or refuse it.',
  required: false,
  defaultValue: undefined,
  enumValues: [],
  format: null,
  limits: {},
  validations: [],
  itemKind: null,
  itemTitleKey: null,
  serverSet: false,
};

/** The fields of one object value (no frame): shared by groups, list items and the form's sections. */
export function ObjectFields({ schemaPath, path, at, value }: { schemaPath: string[]; path: YamlPath; at: string; value: unknown }) {
  const { model, edit, readOnly, renderField } = useFormContext();
  const object = isObject(value) ? value : {};
  const children = model.children(schemaPath).filter((f) => !f.serverSet);
  const byName = new Map(children.map((f) => [f.name, f]));
  const shown: FormField[] = [];
  for (const key of Object.keys(object)) {
    const known = byName.get(key);
    // A zero metav1.Time marshals as null (every pod template's `creationTimestamp: null`): nothing to edit.
    if (known?.typeName === 'Time' && object[key] === null) continue;
    if (known) shown.push(known);
    else if (!(path.length === 1 && path[0] === 'metadata') || !model.field(['metadata', key])?.serverSet) {
      shown.push({ ...UNKNOWN, name: key, schemaPath: [...schemaPath, key] });
    }
  }
  for (const f of children) if (f.required && !Object.hasOwn(object, f.name)) shown.push(f);
  const addable = children.filter((f) => !f.required && !Object.hasOwn(object, f.name));
  const childAt = (name: string) => (at ? `${at}.${name}` : name);
  return (
    <>
      {shown.map((f) => (
        <Fragment key={f.name}>{renderField({ field: f, path: [...path, f.name], at: childAt(f.name), value: ownValue(object, f.name) })}</Fragment>
      ))}
      {addable.length > 0 && readOnly === null && (
        <label className="mt-1 flex items-center gap-1.5 text-xs text-slate-500">
          Add field
          <select
            aria-label={`Add field to ${at || 'the object'}`}
            data-add-field={at}
            value=""
            onChange={(e) => {
              const f = byName.get(e.target.value);
              if (f) edit({ op: 'set', path: [...path, f.name], value: newFieldValue(f, model.children) });
            }}
            className="rounded border border-slate-300 bg-white px-1 py-0.5 text-xs"
          >
            <option value="">{`${addable.length} more…`}</option>
            {addable.map((f) => (
              <option key={f.name} value={f.name}>
                {f.name}
              </option>
            ))}
          </select>
        </label>
      )}
    </>
  );
}

export function ObjectGroup({ field, path, at, value, onUnset, title, actions, openByDefault = true }: ObjectGroupProps) {
  const { opened, setOpen, readOnly } = useFormContext();
  const key = pathKey(path);
  const open = opened.get(key) ?? openByDefault;
  const name = title ?? field.name;
  return (
    <section role="group" aria-label={name} className="my-1 rounded border border-slate-200 [contain-intrinsic-size:auto_2rem] [content-visibility:auto]" data-form-field={at}>
      <div className="flex flex-wrap items-center gap-x-2 bg-slate-50 px-2 py-0.5">
        <button type="button" aria-expanded={open} onClick={() => setOpen(key, !open)} className="font-mono text-xs font-semibold text-slate-800">
          {open ? '▾' : '▸'} {name}
        </button>
        {field.required && <span className="text-xs text-red-600" title="Required">*</span>}
        <span className="text-[11px] text-slate-400">{field.typeName}</span>
        <FieldInfo field={field} />
        <span className="ml-auto flex items-center gap-1">
          {actions}
          {!actions && onUnset && readOnly === null && <RemoveFieldButton name={field.name} onRemove={onUnset} className="" />}
        </span>
      </div>
      <FieldProblems at={at} />
      {open && (
        <div className="border-t border-slate-100 px-3 py-1">
          <ObjectFields schemaPath={field.schemaPath} path={path} at={at} value={value} />
        </div>
      )}
    </section>
  );
}
