// A URL naming a context the server does not have (a typo, or a link from another machine): the contexts a typo away,
// and every other, each linked to the same page there.
import type { ContextInfo as KubeContextInfo } from '../../wire/contexts';
import { editDistance } from '../k8s/edit-distance';
import { PlaceholderPage } from './placeholder-page';

/** Contexts within two edits of `name`, or holding it, nearest first. */
export function similarContexts(contexts: readonly KubeContextInfo[], name: string): KubeContextInfo[] {
  const wanted = name.toLowerCase();
  return contexts
    .map((c) => {
      const other = c.name.toLowerCase();
      return { c, d: other.includes(wanted) || wanted.includes(other) ? 1 : editDistance(wanted, other, 2) };
    })
    .filter(({ d }) => d <= 2)
    .sort((a, b) => a.d - b.d || a.c.name.localeCompare(b.c.name))
    .map(({ c }) => c);
}

/** The same page in another context: the /c/{context} prefix swapped. */
function samePageIn(context: string, pathname: string, search: string, name: string): string {
  return `/c/${encodeURIComponent(name)}${pathname.slice(`/c/${encodeURIComponent(context)}`.length)}${search}`;
}

export function UnknownContextPage({ context, contexts, pathname, search }: { context: string; contexts: readonly KubeContextInfo[]; pathname: string; search: string }) {
  const near = similarContexts(contexts, context);
  const others = contexts.filter((c) => !near.includes(c));
  const link = (c: KubeContextInfo) => (
    <a href={samePageIn(context, pathname, search, c.name)} className="font-mono text-indigo-700 hover:underline">
      {c.name}
    </a>
  );
  return (
    <PlaceholderPage title="No such context">
      <div data-testid="unknown-context">
        <p>
          Kubeglass has no context named <span className="font-mono">{context}</span>: it reads its contexts from the kubeconfig it was started with (and the demo cluster).
        </p>
        {near.length > 0 && (
          <p className="mt-2">
            Did you mean{' '}
            {near.map((c, i) => (
              <span key={c.name}>
                {i > 0 ? ', ' : ''}
                {link(c)}
              </span>
            ))}
            ? Each link opens this same page there.
          </p>
        )}
        {others.length > 0 && (
          <p className="mt-2">
            {near.length > 0 ? 'Other contexts: ' : 'Its contexts, each on this same page: '}
            {others.map((c, i) => (
              <span key={c.name}>
                {i > 0 ? ', ' : ''}
                {link(c)}
              </span>
            ))}
          </p>
        )}
      </div>
    </PlaceholderPage>
  );
}
