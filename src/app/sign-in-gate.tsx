// Shows the sign-in screen instead of the app while kubeglass answers /-/contexts with 401: it demands its access
// token and this browser has no session (yet, or any more: sessions live in the server's memory).
import type { ReactNode } from 'react';
import { useContexts } from '../data/contexts-query';
import { needsSignIn } from '../k8s/sign-in';
import { SignInScreen } from './sign-in-screen';

export function SignInGate({ children }: { children: ReactNode }) {
  const contexts = useContexts();
  if (contexts.isError && needsSignIn(contexts.error)) return <SignInScreen />;
  return <>{children}</>;
}
