// GET /-/contexts: what the kubeglass server can reach. Never carries credentials.

export interface ContextInfo {
  name: string;
  /** API server URL of the context's cluster (not a secret). */
  server: string;
  /** Default namespace of the context, if the kubeconfig names one. */
  namespace?: string;
  /** Name of the kubeconfig user entry (the name only). */
  user?: string;
  /** True for the embedded demo cluster contexts. */
  demo: boolean;
  /**
   * Absolute path of the one kubeconfig file kubeglass read this context from, when it was started with
   * --kubeconfig or a KUBECONFIG naming one file: kubectl needs `--kubeconfig` with it to find the context.
   */
  kubeconfigPath?: string;
  /** The KUBECONFIG list (absolute paths) kubeglass merged, when it named several files: kubectl needs the same list. */
  kubeconfigEnv?: string;
}

export interface ContextList {
  contexts: ContextInfo[];
  /** kubeconfig current-context if any, else "demo". */
  default: string;
  /**
   * True when this server demands its access token (started beyond loopback, or with --token-file): a command
   * copied from the app (curl, kubectl) must send it, since the browser's cookie for it is HttpOnly.
   */
  accessTokenRequired?: boolean;
  /** Team mode: how people sign in; every request is made with the signed-in person's own credentials. */
  auth?: 'token' | 'oidc' | 'proxy';
  /** Team mode: the signed-in person, as the cluster named them at sign-in (absent where it does not say). */
  signedInAs?: string;
  /** Team mode: when the session's token expires (ms since the epoch); with oidc the app renews it before then. */
  sessionExpiresAt?: number;
}

/** GET /-/auth, answered before any sign-in: what the sign-in screen asks for. */
export interface SignInKind {
  /** access-token: kubeglass's own access token; token: the person's Kubernetes bearer token; proxy: the proxy signs in. */
  signIn: 'none' | 'access-token' | 'token' | 'oidc' | 'proxy';
  /** oidc: the identity provider people sign in at. */
  issuer?: string;
}
