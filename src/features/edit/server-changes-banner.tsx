// What the watch saw happen to the object while it is being edited; the text is never touched by it.
import { PathChips } from '../../writes/preview/path-chips';

/** Paths listed before "and N more". */
const MAX_LISTED = 8;

export interface ServerChangesBannerProps {
  deleted: boolean;
  /** The object's resourceVersion now. */
  resourceVersion: string | undefined;
  /** Paths changed since the edit's base (none: nothing to say). */
  changes: string[];
  showDiff: boolean;
  onToggleDiff: () => void;
}

export function ServerChangesBanner({ deleted, resourceVersion, changes, showDiff, onToggleDiff }: ServerChangesBannerProps) {
  if (deleted) {
    return (
      <div role="status" data-testid="server-deleted" className="border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-900">
        <span className="font-semibold">Deleted on the server.</span> Your text is kept; saving will fail unless the object is created again.
      </div>
    );
  }
  if (changes.length === 0) return null;
  return (
    <div role="status" data-testid="server-changed" className="border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900">
      <div className="flex items-center gap-2">
        <span className="font-semibold">Changed on the server</span>
        <span className="text-xs">since you opened it (resourceVersion {resourceVersion}). Your text is not touched; Save merges when it can.</span>
        <button type="button" onClick={onToggleDiff} className="ml-auto rounded border border-amber-300 bg-white px-2 py-0.5 text-xs font-medium hover:bg-amber-100">
          {showDiff ? 'Hide diff' : 'Show diff'}
        </button>
      </div>
      <PathChips paths={changes} testId="server-changed-paths" max={MAX_LISTED} />
    </div>
  );
}
