// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CLIENT_HEADER } from '../../../wire/browser-headers';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { renderInProviders } from '../../testing/render-in-providers';
import { stubFetch } from '../../testing/stub-fetch';
import { SignedInAs } from './signed-in-as';

cleanUpAfterEach();

const contexts = (extra: Record<string, unknown>) => new Response(JSON.stringify({ contexts: [], default: 'prod', ...extra }), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('SignedInAs', () => {
  it('shows nothing for one person on their own kubeconfig', async () => {
    const fetch = stubFetch(() => contexts({}));
    renderInProviders(<SignedInAs />);
    await waitFor(() => expect(fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('signed-in-as')).toBeNull();
  });

  it('names the signed-in person and signs out with the client header', async () => {
    const fetch = stubFetch((url) => (url === '/-/logout' ? new Response(null, { status: 204 }) : contexts({ auth: 'token', signedInAs: 'alice' })));
    const signedOut = vi.fn();
    renderInProviders(<SignedInAs onSignedOut={signedOut} />);
    expect((await screen.findByTestId('signed-in-as')).textContent).toContain('Signed in as alice');
    fireEvent.click(screen.getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(signedOut).toHaveBeenCalledTimes(1));
    expect(fetch).toHaveBeenCalledWith('/-/logout', expect.objectContaining({ method: 'POST', headers: expect.objectContaining({ [CLIENT_HEADER]: '1' }) }));
  });

  it('behind an authenticating proxy offers no sign-out of its own', async () => {
    stubFetch(() => contexts({ auth: 'proxy' }));
    renderInProviders(<SignedInAs />);
    expect((await screen.findByTestId('signed-in-as')).textContent).toContain('Signed in via proxy');
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
  });
});
