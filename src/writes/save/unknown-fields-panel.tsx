// The fields a server without fieldValidation would drop silently, each linked to its line, and "Save anyway".
import { unknownFieldMessage, type UnknownFieldsWarning } from './unknown-fields-warning';

export interface UnknownFieldsPanelProps {
  warning: UnknownFieldsWarning;
  onSaveAnyway: () => void;
  onGoToLine: (line: number, column: number) => void;
  saving: boolean;
}

export function UnknownFieldsPanel({ warning, onSaveAnyway, onGoToLine, saving }: UnknownFieldsPanelProps) {
  const count = warning.fields.length;
  return (
    <div role="alert" data-testid="unknown-fields" className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <div className="flex items-center gap-2">
        <span className="font-semibold">
          Not saved: {count === 1 ? '1 field is' : `${count} fields are`} not in the {warning.kind} schema.
        </span>
        <span className="text-xs">
          {warning.serverVersion ? `This server (${warning.serverVersion})` : 'This server'} does not check fields (fieldValidation came in
          Kubernetes 1.25): it would drop them and still answer success. Fix them, or save without them.
        </span>
        <button
          type="button"
          onClick={onSaveAnyway}
          disabled={saving}
          className="ml-auto shrink-0 rounded border border-amber-400 bg-white px-2 py-0.5 text-xs font-medium hover:bg-amber-100 disabled:opacity-50"
        >
          Save anyway
        </button>
      </div>
      <ul className="mt-1 space-y-0.5 font-mono text-xs">
        {warning.fields.map((f) => (
          <li key={`${f.path}@${f.line}`}>
            <button type="button" className="underline" onClick={() => onGoToLine(f.line, f.column)}>
              Line {f.line}
            </button>
            : {unknownFieldMessage(warning, f)}
          </li>
        ))}
      </ul>
    </div>
  );
}
