// "Loading …" with a spinner, read out as a status, while a screen waits for its first answer.
export function LoadingStatus({ what }: { what: string }) {
  return (
    <div role="status" data-testid="loading" className="flex items-center gap-2 p-4 text-sm text-slate-500">
      <span aria-hidden="true" className="h-3 w-3 animate-spin rounded-full border-2 border-slate-300 border-t-slate-600" />
      Loading {what}…
    </div>
  );
}
