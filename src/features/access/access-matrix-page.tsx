// /c/{context}/-/access?namespace=x: what the user may do in a namespace (SelfSubjectRulesReview, its cluster-scoped
// grants confirmed by SelfSubjectAccessReview), each cell explained by the server itself with the kubectl command
// that asks the same.
import { useQueries, useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useState } from 'react';
import { KubeErrorPanel } from '../../components/ui/kube-error-panel';
import { accessQueryOptions, accessState, rulesQueryOptions, type AccessState } from '../../data/access-query';
import { useDiscovery } from '../../data/discovery-query';
import { useKubectlTarget } from '../../data/kubectl-target';
import { accessKey, canIWords, deniedText, type AccessAttributes, type AccessDecision } from '../../k8s/access/access-review';
import { kubectlLine } from '../../k8s/kubectl-command';
import { MATRIX_VERBS } from '../../k8s/access/rules-review';
import { accessMatrix, confirmingQuestions, type MatrixCell, type MatrixRow, type MatrixVerb } from './access-matrix';

export interface AccessMatrixPageProps {
  context: string;
  namespace: string;
}

const CELL_TEXT: Record<MatrixCell, string> = { yes: '✓', some: 'some', no: '✗', absent: '', asking: '…' };
const CELL_CLASS: Record<MatrixCell, string> = {
  yes: 'text-emerald-700 hover:bg-emerald-50',
  some: 'text-amber-700 hover:bg-amber-50',
  no: 'text-slate-400 hover:bg-slate-100',
  absent: '',
  asking: 'text-slate-500 hover:bg-slate-100',
};
const CELL_WORDS: Record<MatrixCell, string> = {
  yes: 'allowed',
  some: 'allowed for some names',
  no: 'not allowed',
  absent: 'not served',
  asking: 'asking the server',
};

/** The server's answers to the questions that confirm cluster-scoped grants, by accessKey. */
function useConfirmations(context: string, questions: readonly AccessAttributes[]): Map<string, AccessState['state']> {
  // A stable combine lets useQueries hand back the same Map until an answer changes.
  const combine = useCallback(
    (results: { data?: AccessDecision | undefined; error: unknown }[]) =>
      new Map(questions.map((q, i) => [accessKey(q), accessState(q, results[i]?.data, results[i]?.error).state])),
    [questions],
  );
  return useQueries({ queries: questions.map((q) => accessQueryOptions(context, q)), combine });
}

function attributesOf(row: MatrixRow, verb: MatrixVerb, namespace: string): AccessAttributes {
  const a: AccessAttributes = { verb, group: row.resource.group, resource: row.resource.resource };
  if (row.resource.namespaced) a.namespace = namespace;
  return a;
}

/** The server's own answer for one cell. */
function CellExplanation({ context, attributes }: { context: string; attributes: AccessAttributes }) {
  const review = useQuery(accessQueryOptions(context, attributes));
  const target = useKubectlTarget(context);
  const command = target ? kubectlLine(target, canIWords(attributes)) : '';
  return (
    <section aria-label="Explanation" data-testid="access-explanation" className="rounded border border-slate-200 bg-white p-3 text-sm">
      {review.isPending && <p className="text-slate-500">Asking the server (SelfSubjectAccessReview)…</p>}
      {review.isError && <KubeErrorPanel error={review.error} title="SelfSubjectAccessReview" />}
      {review.data && (
        <p data-testid="access-verdict" className={review.data.allowed ? 'text-emerald-800' : 'text-slate-800'}>
          {review.data.allowed ? `Yes: you may ${attributes.verb} ${attributes.resource}${attributes.namespace ? ` in namespace ${attributes.namespace}` : ''}.` : `${deniedText(attributes)}.`}
          {(review.data.reason || review.data.evaluationError) && (
            <span className="ml-1 text-slate-500">{' '}The authorizer says: {review.data.reason || review.data.evaluationError}</span>
          )}
        </p>
      )}
      <p className="mt-2 text-xs text-slate-500">
        The same question from a shell: <code className="select-all rounded bg-slate-100 px-1 font-mono text-slate-800" data-testid="can-i-command">{command}</code>
      </p>
    </section>
  );
}

export function AccessMatrixPage({ context, namespace }: AccessMatrixPageProps) {
  const discovery = useDiscovery(context);
  const rules = useQuery(rulesQueryOptions(context, namespace));
  const [selected, setSelected] = useState<{ row: MatrixRow; verb: MatrixVerb } | null>(null);
  const resources = discovery.data?.index.resources;
  const questions = useMemo(() => (resources && rules.data ? confirmingQuestions(resources, rules.data.resourceRules) : []), [resources, rules.data]);
  const confirmations = useConfirmations(context, questions);
  const rows = useMemo(
    () => (resources && rules.data ? accessMatrix(resources, rules.data.resourceRules, (q) => confirmations.get(accessKey(q)) ?? 'pending') : []),
    [resources, rules.data, confirmations],
  );
  const target = useKubectlTarget(context);

  return (
    <section aria-labelledby="access-title" className="flex h-full min-h-0 flex-col">
      <header className="flex shrink-0 flex-wrap items-baseline gap-x-3 gap-y-1 border-b border-slate-200 px-4 py-2">
        <h1 id="access-title" className="text-sm font-semibold text-slate-900">
          What can I do in namespace <span className="font-mono">{namespace}</span>?
        </h1>
        <span className="text-xs text-slate-500">
          from SelfSubjectRulesReview; like <code className="select-all font-mono" data-testid="can-i-list-command">{target ? kubectlLine(target, ['auth', 'can-i', '--list', '-n', namespace]) : ''}</code>. Click a cell to ask the server. Cluster-scoped rows show only what a SelfSubjectAccessReview without namespace allows
          (a RoleBinding grants nothing outside its namespace, though <code className="font-mono">--list</code> prints its rules).
        </span>
      </header>
      {rules.data?.incomplete && (
        <p role="note" data-testid="rules-incomplete" className="border-b border-amber-200 bg-amber-50 px-4 py-1.5 text-xs text-amber-900">
          The server says this list is incomplete (an authorizer could not list its rules{rules.data.evaluationError ? `: ${rules.data.evaluationError}` : ''}): a ✗ may still be allowed. Click it to ask.
        </p>
      )}
      <div className="min-h-0 flex-1 overflow-auto p-4">
        {(rules.isError || discovery.isError) && <KubeErrorPanel error={rules.error ?? discovery.error} title="Reading your permissions" onRetry={() => void rules.refetch()} />}
        {(rules.isPending || discovery.isPending) && <p className="text-sm text-slate-500">Asking the server what you may do…</p>}
        {selected && <CellExplanation key={`${selected.row.name}/${selected.verb}`} context={context} attributes={attributesOf(selected.row, selected.verb, namespace)} />}
        {rows.length > 0 && (
          <table data-testid="access-matrix" className="mt-3 border-collapse text-xs">
            <thead>
              <tr>
                <th scope="col" className="sticky top-0 bg-white px-2 py-1 text-left font-semibold text-slate-600">
                  Resource
                </th>
                {MATRIX_VERBS.map((verb) => (
                  <th key={verb} scope="col" className="sticky top-0 bg-white px-2 py-1 font-semibold text-slate-600">
                    {verb}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.name} data-resource={row.name} className="border-t border-slate-100">
                  <th scope="row" className="px-2 py-0.5 text-left font-mono font-normal text-slate-800">
                    {row.name}
                    {!row.resource.namespaced && <span className="ml-1 font-sans text-[10px] text-slate-400" title="Cluster-scoped: only ClusterRoleBindings grant it; each ✓ is confirmed by a SelfSubjectAccessReview">cluster</span>}
                  </th>
                  {MATRIX_VERBS.map((verb) => {
                    const cell = row.cells[verb];
                    return (
                      <td key={verb} className="px-1 text-center">
                        {cell !== 'absent' && (
                          <button
                            type="button"
                            data-verb={verb}
                            data-cell={cell}
                            aria-label={`${verb} ${row.name}: ${CELL_WORDS[cell]}`}
                            aria-pressed={selected?.row.name === row.name && selected.verb === verb}
                            onClick={() => setSelected({ row, verb })}
                            className={`min-w-10 rounded px-1.5 py-0.5 ${CELL_CLASS[cell]}`}
                          >
                            {CELL_TEXT[cell]}
                          </button>
                        )}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </div>
    </section>
  );
}
