import { LOADING_MORE_CLASS, loadingMoreOf, PROGRESS_FILL_CLASS, PROGRESS_TRACK_CLASS } from './list-look';

/** "loading more…" while a list's pages stream in: how many rows are in, and of how many when the server says. */
export function LoadingMore({ rows, remainingItemCount }: { rows: number; remainingItemCount: number | undefined }) {
  const { text, width } = loadingMoreOf(rows, remainingItemCount);
  return (
    <span role="status" data-testid="loading-more" className={LOADING_MORE_CLASS}>
      {width !== null && (
        <span aria-hidden="true" className={PROGRESS_TRACK_CLASS}>
          <span className={PROGRESS_FILL_CLASS} style={{ width }} />
        </span>
      )}
      {text}
    </span>
  );
}
