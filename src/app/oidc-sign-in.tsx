// Signing in through the cluster's OpenID provider: a session whose ID token expired (a tab asleep past its renewal)
// is renewed without a click where the provider still honours its refresh token; else the way to the provider, which
// sends the browser back to the page it was on.
import { useEffect, useState } from 'react';
import { buttonStyles } from '../components/ui/button-styles';
import { oidcSignInUrl, refreshSession } from '../k8s/sign-in';

export function OidcSignIn({ issuer, onSignedIn }: { issuer: string; onSignedIn: () => void }) {
  const [renewing, setRenewing] = useState(true);
  useEffect(() => {
    let live = true;
    // Refused on a first visit (no session to renew) as when the provider no longer honours it: either way, sign in.
    refreshSession().then(
      () => {
        if (live) onSignedIn();
      },
      () => {
        if (live) setRenewing(false);
      },
    );
    return () => {
      live = false;
    };
  }, [onSignedIn]);
  const here = `${window.location.pathname}${window.location.search}`;
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 p-6 text-slate-900" data-testid="sign-in">
      <section className="mt-16 w-full max-w-md rounded-md border border-slate-200 bg-white p-6 shadow-sm" aria-labelledby="oidc-sign-in-title">
        <h1 id="oidc-sign-in-title" className="text-lg font-semibold">
          Sign in to Kubeglass
        </h1>
        <p className="mt-2 text-sm text-slate-600">
          Kubeglass works with the cluster as you: sign in at <span className="font-mono">{issuer}</span>, the identity provider the cluster trusts.
        </p>
        {renewing ? (
          <p className="mt-4 text-sm text-slate-500" role="status">
            Renewing your session…
          </p>
        ) : (
          <a href={oidcSignInUrl(here)} className={`${buttonStyles.primary} mt-4 inline-block`} data-testid="oidc-sign-in">
            Sign in with {hostOf(issuer)}
          </a>
        )}
      </section>
    </main>
  );
}

function hostOf(issuer: string): string {
  try {
    return new URL(issuer).host;
  } catch {
    return issuer;
  }
}
