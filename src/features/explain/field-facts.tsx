// One field's facts as text and badges: what decides how writes behave (patch strategy, list and map types).
import type { ExplainField } from '../../k8s/openapi/explain-model';

const BADGE = 'inline-flex items-center rounded border px-1.5 py-px font-mono text-[11px] leading-4';

/** Short `key: value` facts of a field, for badges and the tree row. */
export function fieldBadges(field: ExplainField): Array<{ label: string; title: string; tone: 'write' | 'plain' | 'required' }> {
  const badges: Array<{ label: string; title: string; tone: 'write' | 'plain' | 'required' }> = [];
  if (field.required) badges.push({ label: 'required', title: 'Listed in its parent’s required fields', tone: 'required' });
  if (field.patchStrategy.length > 0)
    badges.push({ label: `patch: ${field.patchStrategy.join(',')}`, title: 'x-kubernetes-patch-strategy (strategic merge patch)', tone: 'write' });
  if (field.patchMergeKey) badges.push({ label: `merge key: ${field.patchMergeKey}`, title: 'x-kubernetes-patch-merge-key', tone: 'write' });
  if (field.listType) badges.push({ label: `list: ${field.listType}`, title: 'x-kubernetes-list-type (server-side apply)', tone: 'write' });
  if (field.listMapKeys.length > 0) badges.push({ label: `keys: ${field.listMapKeys.join(', ')}`, title: 'x-kubernetes-list-map-keys', tone: 'write' });
  if (field.mapType) badges.push({ label: `map: ${field.mapType}`, title: 'x-kubernetes-map-type', tone: 'write' });
  if (field.intOrString) badges.push({ label: 'int-or-string', title: 'x-kubernetes-int-or-string: an integer or a string', tone: 'plain' });
  if (field.preserveUnknownFields)
    badges.push({ label: 'preserve-unknown-fields', title: 'x-kubernetes-preserve-unknown-fields: unknown fields are kept, not pruned', tone: 'write' });
  if (field.embeddedResource)
    badges.push({ label: 'embedded-resource', title: 'x-kubernetes-embedded-resource: an object with apiVersion, kind and metadata', tone: 'plain' });
  if (field.validations.length > 0) badges.push({ label: `CEL rules: ${field.validations.length}`, title: 'x-kubernetes-validations', tone: 'write' });
  return badges;
}

const TONES = {
  write: 'border-indigo-200 bg-indigo-50 text-indigo-800',
  plain: 'border-slate-200 bg-slate-50 text-slate-700',
  required: 'border-amber-200 bg-amber-50 text-amber-800',
};

export function FieldBadges({ field }: { field: ExplainField }) {
  return (
    <>
      {fieldBadges(field).map((b) => (
        <span key={b.label} title={b.title} data-testid="field-badge" className={`${BADGE} ${TONES[b.tone]}`}>
          {b.label}
        </span>
      ))}
    </>
  );
}

/** Every fact of one field, descriptions as text (never HTML). */
export function FieldFacts({ field, kind }: { field: ExplainField; kind: string }) {
  const title = field.path.length > 0 ? `${kind}.${field.path.join('.')}` : kind;
  return (
    <section aria-label="Field" data-testid="explain-field" className="rounded border border-slate-200 bg-white p-3">
      <h2 className="flex flex-wrap items-baseline gap-2">
        <span className="font-mono text-sm font-semibold text-slate-900" data-testid="explain-field-path">
          {title}
        </span>
        <span className="font-mono text-xs text-emerald-700" data-testid="explain-field-type">
          &lt;{field.type}&gt;
        </span>
        {field.format && <span className="text-xs text-slate-500">format: {field.format}</span>}
        <FieldBadges field={field} />
      </h2>
      <p data-testid="explain-field-description" className="mt-2 whitespace-pre-wrap text-sm text-slate-700">
        {field.description || 'The schema has no description for this field.'}
      </p>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs">
        {field.defaultValue !== null && <Fact term="default" value={field.defaultValue} />}
        {field.enumValues.length > 0 && <Fact term="enum" value={field.enumValues.join(', ')} testId="explain-field-enum" />}
        {field.patchStrategy.length > 0 && <Fact term="x-kubernetes-patch-strategy" value={field.patchStrategy.join(',')} testId="explain-patch-strategy" />}
        {field.patchMergeKey && <Fact term="x-kubernetes-patch-merge-key" value={field.patchMergeKey} />}
        {field.listType && <Fact term="x-kubernetes-list-type" value={field.listType} />}
        {field.listMapKeys.length > 0 && <Fact term="x-kubernetes-list-map-keys" value={field.listMapKeys.join(', ')} />}
        {field.mapType && <Fact term="x-kubernetes-map-type" value={field.mapType} />}
        {field.validations.map((v) => (
          <Fact key={v.rule} term="x-kubernetes-validations" value={v.message ? `${v.rule}  — ${v.message}` : v.rule} testId="explain-validation" />
        ))}
      </dl>
    </section>
  );
}

function Fact({ term, value, testId }: { term: string; value: string; testId?: string }) {
  return (
    <>
      <dt className="font-mono text-slate-500">{term}</dt>
      <dd className="break-words font-mono text-slate-800" data-testid={testId}>
        {value}
      </dd>
    </>
  );
}
