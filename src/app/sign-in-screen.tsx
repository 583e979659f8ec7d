// The screen shown until the browser has a session: one password field, for kubeglass's access token or, in team
// mode, the person's own Kubernetes bearer token (which the server checks against the cluster); with OpenID Connect,
// the way to the identity provider.
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { SignInKind } from '../../wire/contexts';
import { buttonStyles } from '../components/ui/button-styles';
import { fetchSignInKind, signIn, signInProblem } from '../k8s/sign-in';
import { OidcSignIn } from './oidc-sign-in';

export interface SignInScreenProps {
  /** After a successful sign-in (default: reload, so every request and the watch socket start over signed in). */
  onSignedIn?: () => void;
}

export function SignInScreen({ onSignedIn = () => window.location.reload() }: SignInScreenProps) {
  const fieldId = useId();
  const problemId = useId();
  const [token, setToken] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const [answer, setAnswer] = useState<SignInKind | null>(null);
  useEffect(() => {
    let live = true;
    void fetchSignInKind().then((fetched) => {
      if (live) setAnswer(fetched);
    });
    return () => {
      live = false;
    };
  }, []);
  const kind = answer?.signIn ?? null;
  const team = kind === 'token';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (token.trim() === '' || sending) return;
    setSending(true);
    setProblem(null);
    signIn(token.trim()).then(
      () => {
        setToken('');
        onSignedIn();
      },
      (error: unknown) => {
        setProblem(signInProblem(error, kind ?? 'access-token'));
        setSending(false);
      },
    );
  };

  if (kind === 'oidc') return <OidcSignIn issuer={answer?.issuer ?? 'the identity provider'} onSignedIn={onSignedIn} />;

  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 p-6 text-slate-900" data-testid="sign-in">
      <form onSubmit={submit} className="mt-16 w-full max-w-md rounded-md border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby={`${fieldId}-title`}>
        <h1 id={`${fieldId}-title`} className="text-lg font-semibold">
          Sign in to Kubeglass
        </h1>
        {kind === 'proxy' ? (
          <p className="mt-2 text-sm text-slate-600" data-testid="sign-in-proxy">
            This kubeglass is signed in to by its authenticating proxy, which sent no token for you: reload the page to sign in again there.
          </p>
        ) : (
          <p className="mt-2 text-sm text-slate-600">
            {team
              ? 'Kubeglass works with the cluster as you: sign in with your own Kubernetes bearer token (your identity provider’s ID token, or `kubectl create token <service account>`). The cluster checks it; it is kept only in this browser’s session cookie, sealed.'
              : 'This kubeglass demands its access token: it was printed when kubeglass started (or is the one in its --token-file).'}
          </p>
        )}
        <label htmlFor={fieldId} className="mt-4 block text-sm font-medium text-slate-700">
          {team ? 'Bearer token' : 'Access token'}
        </label>
        <input
          id={fieldId}
          type="password"
          autoComplete="current-password"
          autoFocus
          spellCheck={false}
          value={token}
          onChange={(event) => setToken(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={problem === null ? undefined : problemId}
          data-testid="sign-in-token"
          className="mt-1 w-full rounded border border-slate-300 bg-white px-2 py-1.5 font-mono text-sm text-slate-900 focus:border-indigo-600 focus:outline-none"
        />
        {problem !== null && (
          <p id={problemId} role="alert" className="mt-2 text-sm text-red-700" data-testid="sign-in-problem">
            {problem}
          </p>
        )}
        <button type="submit" disabled={sending || token.trim() === ''} className={`${buttonStyles.primary} mt-4`} data-testid="sign-in-submit">
          {sending ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
