// The API's own reference for one resource type and field (work in progress: see issue 9).
export interface ExplainPageProps {
  context: string;
  /** The URL's query: resource=deployments.apps&field=spec.strategy. */
  search: string;
}

export function ExplainPage({ context, search }: ExplainPageProps) {
  return <div className="p-4 text-sm">Explain ({context}{search})</div>;
}
