// Team mode: who the cluster sees in every request (as it named them at sign-in), and Sign out, which ends the
// session in this browser for every replica (the session is the browser's sealed cookie, nothing a replica keeps),
// and at the identity provider where it offers that. With OpenID Connect it also keeps the session's token renewed.
import { useState } from 'react';
import { useContexts } from '../../data/contexts-query';
import { signOut } from '../../k8s/sign-in';
import { useSessionRenewal } from './use-session-renewal';

export function SignedInAs({ onSignedOut = () => window.location.reload() }: { onSignedOut?: () => void }) {
  const data = useContexts().data;
  const [problem, setProblem] = useState<string | null>(null);
  const [leaving, setLeaving] = useState(false);
  useSessionRenewal(data);
  if (data?.auth === undefined) return null;
  // Servers before 1.27 do not say who a token is (no SelfSubjectReview), nor does a proxy's forwarded token.
  const who = data.signedInAs;
  const leave = () => {
    setLeaving(true);
    signOut().then((endSession) => (endSession === null ? onSignedOut() : window.location.assign(endSession)), (error: unknown) => {
      setLeaving(false);
      setProblem(error instanceof Error ? error.message : String(error));
    });
  };
  return (
    <span className="flex items-center gap-2 whitespace-nowrap text-xs text-slate-600" data-testid="signed-in-as">
      <span title={`${who !== undefined ? `Signed in as ${who}` : 'Signed in'}: every request goes to the cluster with your own credentials, so RBAC and the audit log see you`}>
        {who !== undefined ? (
          <>
            <span className="sr-only">Signed in as </span>
            <span className="inline-block max-w-24 truncate align-bottom font-mono font-medium text-slate-800">{who}</span>
          </>
        ) : (
          <>
            <span className="sr-only">Signed in </span>
            {data.auth === 'proxy' ? 'via proxy' : 'with your token'}
          </>
        )}
      </span>
      {data.auth !== 'proxy' && (
        <button type="button" onClick={leave} disabled={leaving} className="font-medium text-slate-600 hover:text-indigo-700 hover:underline disabled:opacity-50" data-testid="sign-out">
          {leaving ? 'Signing out…' : 'Sign out'}
        </button>
      )}
      {problem !== null && (
        <span role="alert" className="text-red-700">
          Sign-out failed: {problem}
        </span>
      )}
    </span>
  );
}
