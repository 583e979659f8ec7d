// A free-form value (x-kubernetes-preserve-unknown-fields, RawExtension, a field the schema does not know) edited
// as embedded YAML: written into the draft only once it parses; until then the text stays here with its error.
import { useState } from 'react';
import { readYaml } from '../../../k8s/yaml-read';
import type { YamlPath } from '../../../k8s/yaml-edit';
import { toYaml } from '../../../writes/draft/editable-object';
import { useFormContext } from './form-context';

export interface YamlValueFieldProps {
  id: string;
  label: string;
  path: YamlPath;
  value: unknown;
}

export function YamlValueField({ id, label, path, value }: YamlValueFieldProps) {
  const { edit, readOnly } = useFormContext();
  const [typed, setTyped] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const shown = typed ?? (value === undefined ? '' : toYaml(value));
  return (
    <div>
      <textarea
        id={id}
        aria-label={label}
        aria-invalid={problem !== null}
        disabled={readOnly !== null}
        spellCheck={false}
        rows={Math.min(12, Math.max(2, shown.split('\n').length))}
        value={shown}
        onChange={(e) => {
          const text = e.target.value;
          setTyped(text);
          const read = readYaml(text);
          if (!read.ok) {
            const first = read.problems[0];
            setProblem(first ? `line ${first.line}: ${first.message}` : 'The YAML does not parse.');
            return;
          }
          setProblem(null);
          edit(read.value === null || read.value === undefined ? { op: 'delete', path } : { op: 'set', path, value: read.value });
        }}
        onBlur={() => {
          if (problem === null) setTyped(null);
        }}
        className="w-full max-w-xl rounded border border-slate-300 px-1.5 py-0.5 font-mono text-xs disabled:bg-slate-50"
      />
      {problem && (
        <p role="alert" className="text-xs text-red-700">
          Not written to the draft: {problem}
        </p>
      )}
    </div>
  );
}
