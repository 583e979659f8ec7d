// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER } from '../../wire/browser-headers';
import { cleanUpAfterEach } from '../testing/clean-up-after-each';
import { renderInProviders } from '../testing/render-in-providers';
import { stubFetch } from '../testing/stub-fetch';
import { SignInGate } from './sign-in-gate';
import { SignInScreen } from './sign-in-screen';

cleanUpAfterEach();

const status = (code: number, message: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message, reason: code === 401 ? 'Unauthorized' : 'TooManyRequests', code }), {
    status: code,
    headers: { 'Content-Type': 'application/json', ...headers },
  });

describe('SignInGate', () => {
  it('shows the sign-in screen while /-/contexts answers 401, the app otherwise', async () => {
    stubFetch(() => status(401, 'kubeglass requires signing in here'));
    const { unmount } = renderInProviders(
      <SignInGate>
        <p>the app</p>
      </SignInGate>,
    );
    expect(await screen.findByRole('heading', { name: 'Sign in to Kubeglass' })).toBeTruthy();
    expect(screen.queryByText('the app')).toBeNull();
    unmount();
    stubFetch(() => new Response(JSON.stringify({ contexts: [], default: 'demo' }), { status: 200 }));
    renderInProviders(
      <SignInGate>
        <p>the app</p>
      </SignInGate>,
    );
    expect(await screen.findByText('the app')).toBeTruthy();
  });
});

const signInKind = (signIn: string) => new Response(JSON.stringify({ signIn }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('SignInScreen', () => {
  it("in team mode asks for the person's own bearer token and shows the cluster's refusal", async () => {
    stubFetch((url) => (url === '/-/auth' ? signInKind('token') : status(401, 'the API server of context "prod" (https://prod) does not accept this token (401 Unauthorized)')));
    renderInProviders(<SignInScreen onSignedIn={vi.fn()} />);
    const field = await screen.findByLabelText('Bearer token');
    expect(screen.getByText(/works with the cluster as you/)).toBeTruthy();
    fireEvent.change(field, { target: { value: 'expired-token' } });
    fireEvent.submit(field);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The cluster did not accept that token: the API server of context "prod" (https://prod) does not accept this token (401 Unauthorized)',
    );
  });

  it('posts the token as JSON with the client header, and says in words what was wrong', async () => {
    const answers = [status(401, 'kubeglass refused the sign-in'), status(429, 'too many', { 'Retry-After': '4' }), new Response(null, { status: 204 })];
    const fetch = stubFetch((url) => (url === '/-/auth' ? signInKind('access-token') : (answers.shift() ?? new Response(null, { status: 500 }))));
    const signedIn = vi.fn();
    renderInProviders(<SignInScreen onSignedIn={signedIn} />);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/-/auth', expect.anything()));
    const field = screen.getByLabelText('Access token');
    expect(field.getAttribute('type')).toBe('password');
    expect(document.activeElement).toBe(field);
    fireEvent.change(field, { target: { value: ' wrong-token ' } });
    fireEvent.submit(field);
    expect((await screen.findByRole('alert')).textContent).toBe('That is not the access token. Use the one kubeglass printed when it started.');
    const [url, init] = fetch.mock.calls.find(([called]) => called === '/-/login') ?? [];
    expect(url).toBe('/-/login');
    expect(init).toMatchObject({ method: 'POST', body: '{"token":"wrong-token"}', headers: { 'Content-Type': 'application/json', [CLIENT_HEADER]: '1' } });
    expect(field.getAttribute('aria-invalid')).toBe('true');
    fireEvent.submit(field);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('Too many wrong tokens from this address: wait 4 s, then try again.'));
    fireEvent.change(field, { target: { value: 'right-token' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(signedIn).toHaveBeenCalledTimes(1));
  });
});
