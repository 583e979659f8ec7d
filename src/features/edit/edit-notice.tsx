// What the last Save or Apply answered, shown above the text: saved, merged onto server changes, or a conflict.
import type { KubeObject } from '../../k8s/kube-object';
import { PathChips } from '../../writes/preview/path-chips';

/** The server moved the object on while nothing was typed: the text follows it, and says so quietly. */
export interface FollowedChange {
  resourceVersion: string;
  paths: string[];
}

export type EditNotice =
  | { kind: 'saved'; resourceVersion: string; warnings: string[]; verb: 'Saved' | 'Applied'; since?: FollowedChange }
  | { kind: 'followed'; change: FollowedChange }
  | { kind: 'merged'; resourceVersion: string; theirChanges: string[] }
  | { kind: 'conflict'; theirs: KubeObject; conflicts: string[] };

/** Paths listed before "and N more". */
const MAX_LISTED = 8;

function FollowedLine({ change, lead }: { change: FollowedChange; lead: string }) {
  const listed = change.paths.slice(0, 3).join(', ');
  const more = change.paths.length > 3 ? ` and ${change.paths.length - 3} more` : '';
  return (
    <p data-testid="server-followed" className="text-xs text-slate-500">
      {lead} {listed}
      {more} (resourceVersion <span className="font-mono">{change.resourceVersion}</span>); nothing was typed here, so the text shows it.
    </p>
  );
}

/** The notice once the text has followed the server to `change`: a save's notice keeps its place. */
export function followedNotice(notice: EditNotice | null, change: FollowedChange): EditNotice {
  return notice?.kind === 'saved' ? { ...notice, since: change } : { kind: 'followed', change };
}

export function EditNoticeBanner({ notice }: { notice: EditNotice }) {
  switch (notice.kind) {
    case 'saved':
      return (
        <div role="status" data-testid="saved" className="border-b border-emerald-200 bg-emerald-50 px-4 py-2 text-sm text-emerald-900">
          <span className="font-semibold">{notice.verb}.</span> New resourceVersion <span className="font-mono">{notice.resourceVersion}</span>.
          {notice.since && <FollowedLine change={notice.since} lead="Since then the server changed" />}
        </div>
      );
    case 'followed':
      return (
        <div role="status" className="border-b border-slate-200 px-4 py-1">
          <FollowedLine change={notice.change} lead="The server changed" />
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
