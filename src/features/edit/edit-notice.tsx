// What the last Save or Apply answered, shown above the text: saved, merged onto server changes, or a conflict.
import type { KubeObject } from '../../k8s/kube-object';
import { PathChips } from './path-chips';

export type EditNotice =
  | { kind: 'saved'; resourceVersion: string; warnings: string[]; verb: 'Saved' | 'Applied' }
  | { kind: 'merged'; resourceVersion: string; theirChanges: string[] }
  | { kind: 'conflict'; theirs: KubeObject; conflicts: string[] };

/** Paths listed before "and N more". */
const MAX_LISTED = 8;

export function EditNoticeBanner({ notice }: { notice: EditNotice }) {
  switch (notice.kind) {
    case 'saved':
      return (
        <div role="status" data-testid="saved" className="border-b border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
          <span className="font-semibold">{notice.verb}.</span> New resourceVersion <span className="font-mono">{notice.resourceVersion}</span>.
        </div>
      );
    case 'merged':
      return (
        <div role="status" data-testid="merged" className="border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-900">
          <span className="font-semibold">Merged with server changes:</span> someone changed the object while you edited. Your edit now sits on
          top of their version (resourceVersion <span className="font-mono">{notice.resourceVersion}</span>): check it and Save again.
          <PathChips paths={notice.theirChanges} testId="merged-paths" max={MAX_LISTED} />
        </div>
      );
    case 'conflict':
      return (
        <div role="alert" data-testid="conflict" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
          <span className="font-semibold">Conflict with server changes.</span>{' '}
          {notice.conflicts.length > 0
            ? 'The server changed the same fields you did. Left: the server now; right: your edit with their other changes. Edit the right side, then Save.'
            : 'Your edit could not be merged automatically. Left: the server now; right: your edit. Edit the right side, then Save.'}
          {notice.conflicts.length > 0 && <PathChips paths={notice.conflicts} testId="conflict-paths" max={MAX_LISTED} />}
        </div>
      );
  }
}
