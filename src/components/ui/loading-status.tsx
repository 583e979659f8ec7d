// "Loading …", read out as a status, while a screen waits for its first answer. No spinner: a running animation has
// the compositor draw a frame every vsync, work that comes out of the answer's parse on a small machine.
export function LoadingStatus({ what }: { what: string }) {
  return (
    <div role="status" data-testid="loading" className="flex items-center gap-2 p-4 text-sm text-slate-500">
      Loading {what}…
    </div>
  );
}
