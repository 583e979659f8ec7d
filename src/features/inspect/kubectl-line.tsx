// The kubectl line of a request or watch, or why there is none.
import { CopyLine } from '../../components/ui/copy-line';

export function KubectlLine({ command, readsBody = false, blocked = null }: { command: string | null; readsBody?: boolean; blocked?: string | null }) {
  if (blocked !== null) {
    return (
      <p data-testid="request-kubectl-none" className="text-xs text-slate-500">
        {blocked}
      </p>
    );
  }
  if (command === null) {
    return (
      <p data-testid="request-kubectl-none" className="text-xs text-slate-500">
        No kubectl equivalent: kubectl has no command that sends this request as it is.
      </p>
    );
  }
  return (
    <>
      <CopyLine text={command} copyLabel="Copy kubectl" testId="request-kubectl" />
      {readsBody && <p className="text-xs text-slate-600">kubectl reads the request body below from stdin: pipe it in.</p>}
    </>
  );
}
