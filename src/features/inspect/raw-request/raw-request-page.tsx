// The raw request tool: the whole request lives in the URL's query (work in progress: see issue 9).
export interface RawRequestPageProps {
  context: string;
  /** The URL's query: verb, path, accept, contentType, dryRun, send. */
  search: string;
}

export function RawRequestPage({ context, search }: RawRequestPageProps) {
  return <div className="p-4 text-sm">Request ({context}{search})</div>;
}
