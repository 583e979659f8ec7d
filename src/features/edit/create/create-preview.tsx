// What a dry-run POST answered: the fields the server set, the diff from what was typed, and the object itself.
import { useMemo, useState } from 'react';
import { withoutManagedFields, type KubeObject } from '../../../k8s/kube-object';
import type { DiffEditorProps } from '../../../writes/draft/code-editor';
import { toYaml } from '../../../writes/draft/editable-object';
import { classifiedChanges, orderedLike } from '../../../writes/draft/object-diff';
import type { ComponentType } from 'react';
import { SegmentedTabs } from '../../../components/ui/segmented-tabs';
import { PathChips } from '../../../writes/preview/path-chips';

export interface CreatePreviewData {
  /** The object as sent (namespace filled in). */
  sent: KubeObject;
  /** The server's answer to the dry run. */
  result: KubeObject;
  warnings: string[];
  /** The editor text the preview was made from (a later edit makes it stale). */
  text: string;
}

export interface CreatePreviewProps {
  preview: CreatePreviewData;
  /** Bumped per preview: the diff editor remounts with the new texts. */
  seq: number;
  stale: boolean;
  DiffEditor: ComponentType<DiffEditorProps>;
}

const MAX_LISTED = 40;
/** What the server would store, as a diff against the typed text or alone. */
const VIEWS = [['diff', 'Diff'], ['object', 'Server object']] as const;

function FieldList({ title, paths, testId }: { title: string; paths: string[]; testId: string }) {
  if (paths.length === 0) return null;
  return (
    <div className="mt-1">
      <h3 className="text-xs font-semibold text-slate-700">{title}</h3>
      <PathChips paths={paths} testId={testId} max={MAX_LISTED} chipClassName="rounded bg-white px-1.5 py-0.5 font-mono text-[11px] text-slate-800 ring-1 ring-slate-200" />
    </div>
  );
}

export function CreatePreview({ preview, seq, stale, DiffEditor }: CreatePreviewProps) {
  const [view, setView] = useState<'diff' | 'object'>('diff');
  const result = useMemo(() => withoutManagedFields(preview.result), [preview.result]);
  const changes = useMemo(() => classifiedChanges(preview.sent, result), [preview.sent, result]);
  // The server writes kind before apiVersion and metadata in its own order: keep the typed order on the right too.
  const resultYaml = useMemo(() => toYaml(orderedLike(result, preview.sent)), [result, preview.sent]);
  const sentYaml = useMemo(() => toYaml(preview.sent), [preview.sent]);
  const { name, generateName, namespace } = result.metadata;
  const kind = result.kind ?? preview.sent.kind ?? '';

  return (
    <div className="flex h-full min-h-0 flex-col gap-2" data-testid="create-preview">
      <div role="status" className="shrink-0 rounded border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-900">
        <p>
          <span className="font-semibold">Dry run passed:</span> the server would create {kind}{' '}
          <span className="font-mono font-semibold" data-testid="preview-name">
            {name ?? ''}
          </span>
          {namespace ? ` in ${namespace}` : ''}. Nothing was stored.
          {generateName && name?.startsWith(generateName) && (
            <span className="text-emerald-800"> Create generates another name from “{generateName}”: each request draws a new one.</span>
          )}
        </p>
        <FieldList title="Fields the server set (defaults, generated, system)" paths={changes.added} testId="preview-added" />
        <FieldList title="Fields the server changed" paths={changes.changed} testId="preview-changed" />
        <FieldList title="Fields the server dropped" paths={changes.removed} testId="preview-removed" />
      </div>
      {stale && (
        <p role="status" data-testid="preview-stale" className="shrink-0 rounded border border-amber-200 bg-amber-50 px-3 py-1 text-xs text-amber-900">
          You changed the YAML after this preview: Preview again to see what the server makes of it now.
        </p>
      )}
      <div className="flex shrink-0 items-center gap-2">
        <SegmentedTabs label="Preview view" options={VIEWS} value={view} onChange={setView} />
        <span className="text-xs text-slate-500">{view === 'diff' ? 'Left: what you typed. Right: what the server would store (managedFields hidden).' : 'Read-only: managedFields hidden.'}</span>
      </div>
      <div className="min-h-0 flex-1">
        {view === 'diff' ? (
          <DiffEditor key={seq} original={sentYaml} modified={resultYaml} label={`Your ${kind} (left) and what the server would create (right)`} />
        ) : (
          <pre
            data-testid="preview-object"
            aria-label={`${kind} the server would create`}
            tabIndex={0}
            className="h-full overflow-auto rounded border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-5 text-slate-800"
          >
            {resultYaml}
          </pre>
        )}
      </div>
    </div>
  );
}
