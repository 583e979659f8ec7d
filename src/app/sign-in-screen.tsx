// The screen a kubeglass that demands its access token shows until the browser has a session: one password field.
import { useId, useState, type FormEvent } from 'react';
import { buttonStyles } from '../components/ui/button-styles';
import { signIn, signInProblem } from '../k8s/sign-in';

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
        setProblem(signInProblem(error));
        setSending(false);
      },
    );
  };

  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 p-6 text-slate-900" data-testid="sign-in">
      <form onSubmit={submit} className="mt-16 w-full max-w-md rounded-md border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby={`${fieldId}-title`}>
        <h1 id={`${fieldId}-title`} className="text-lg font-semibold">
          Sign in to Kubeglass
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          This kubeglass demands its access token: it was printed when kubeglass started (or is the one in its --token-file).
        </p>
        <label htmlFor={fieldId} className="mt-4 block text-sm font-medium text-slate-700">
          Access token
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
