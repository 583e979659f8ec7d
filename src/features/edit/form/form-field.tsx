// One field of the form, drawn by its kind: a group of fields, a list, a map, embedded YAML or a scalar control.
import { memo, useId } from 'react';
import { useFormContext, type FieldRenderProps } from './form-context';
import { FieldShell } from './field-shell';
import { ListField } from './list-field';
import { MapField } from './map-field';
import { ObjectGroup } from './object-group';
import { ScalarControl } from './scalar-control';
import { YamlValueField } from './yaml-value-field';

function FieldByKind({ field, path, at, value }: FieldRenderProps) {
  const { edit, problems } = useFormContext();
  const id = useId();
  // The object's identity (apiVersion, kind, metadata, its name and namespace) is never unset from the form.
  const identity = path.length === 1 ? ['apiVersion', 'kind', 'metadata'].includes(String(path[0])) : path.length === 2 && path[0] === 'metadata' && (path[1] === 'name' || path[1] === 'namespace');
  const unset = field.required || identity ? null : () => edit({ op: 'delete', path });
  switch (field.kind) {
    case 'object':
      return <ObjectGroup field={field} path={path} at={at} value={value} onUnset={unset} />;
    case 'list':
      return <ListField field={field} path={path} at={at} value={value} onUnset={unset} />;
    case 'map':
      return <MapField field={field} path={path} at={at} value={value} onUnset={unset} />;
    case 'yaml':
      return (
        <FieldShell field={field} controlId={id} at={at} onUnset={unset}>
          <YamlValueField id={id} label={field.name} path={path} value={value} />
        </FieldShell>
      );
    default:
      return (
        <FieldShell field={field} controlId={id} at={at} onUnset={unset}>
          <ScalarControl
            id={id}
            kind={field.kind}
            field={field}
            label={field.name}
            value={value}
            invalid={(problems.get(at)?.length ?? 0) > 0}
            onValue={(v) => edit(v === undefined ? { op: 'delete', path } : { op: 'set', path, value: v })}
          />
        </FieldShell>
      );
  }
}

/** A field, re-rendered only when its schema, place or value changed (`at` names the place; the path follows it). */
export const FormFieldView = memo(FieldByKind, (a, b) => a.field === b.field && a.at === b.at && a.value === b.value);
