// @vitest-environment jsdom
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { stubFetch } from '../../testing/stub-fetch';
import { renewalDelay, useSessionRenewal } from './use-session-renewal';

cleanUpAfterEach();

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={new QueryClient()}>{children}</QueryClientProvider>;

describe('renewalDelay', () => {
  it('renews a minute ahead of a long-lived token, at half-life for a short one, at once for an expired one', () => {
    expect(renewalDelay(10 * 60_000)).toBe(9 * 60_000);
    expect(renewalDelay(120_000)).toBe(60_000);
    expect(renewalDelay(30_000)).toBe(15_000);
    expect(renewalDelay(6_000)).toBe(5_000);
    expect(renewalDelay(0)).toBe(0);
    expect(renewalDelay(-1_000)).toBe(0);
  });
});

describe('useSessionRenewal', () => {
  it('renews an expired OIDC session at once', async () => {
    const expiresAt = Date.now() - 1;
    const fetch = stubFetch((url) => (url === '/-/session/refresh' ? json({ expiresAt: Date.now() + 120_000 }) : json({ contexts: [], default: 'x', auth: 'oidc', sessionExpiresAt: expiresAt })));
    renderHook(() => useSessionRenewal({ contexts: [], default: 'x', auth: 'oidc', sessionExpiresAt: expiresAt }), { wrapper });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/-/session/refresh', expect.objectContaining({ method: 'POST' })));
  });

  it('leaves a session another tab renewed meanwhile', async () => {
    const expiresAt = Date.now() - 1;
    const fetch = stubFetch(() => json({ contexts: [], default: 'x', auth: 'oidc', sessionExpiresAt: Date.now() + 120_000 }));
    renderHook(() => useSessionRenewal({ contexts: [], default: 'x', auth: 'oidc', sessionExpiresAt: expiresAt }), { wrapper });
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/-/contexts', expect.anything()));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch.mock.calls.some(([url]) => url === '/-/session/refresh')).toBe(false);
  });

  it('renews nothing outside OIDC', async () => {
    const fetch = stubFetch(() => json({}));
    renderHook(() => useSessionRenewal({ contexts: [], default: 'x', auth: 'token', sessionExpiresAt: Date.now() - 1 }), { wrapper });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(fetch).not.toHaveBeenCalled();
  });
});
