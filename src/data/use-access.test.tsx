// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ResourceRule } from '../../wire/rbac';
import type { AccessAttributes } from '../k8s/access/access-review';
import { useAccess } from './access-query';

interface Sent {
  kind: 'access' | 'rules';
  spec: Record<string, unknown>;
}

/** A fake API answering reviews from RBAC rules: `allow` decides SelfSubjectAccessReviews, `rules` is the rules review. */
function fakeApi(allow: (a: AccessAttributes) => boolean, rules: ResourceRule[]) {
  const sent: Sent[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const body = JSON.parse(String(init?.body)) as { spec: Record<string, unknown> };
      if (url.endsWith('/selfsubjectaccessreviews')) {
        sent.push({ kind: 'access', spec: body.spec });
        const allowed = allow(body.spec.resourceAttributes as AccessAttributes);
        return new Response(JSON.stringify({ status: { allowed } }), { status: 201 });
      }
      sent.push({ kind: 'rules', spec: body.spec });
      return new Response(JSON.stringify({ status: { resourceRules: rules, nonResourceRules: [], incomplete: false } }), { status: 201 });
    }),
  );
  return sent;
}

function renderAccessFor(names: string[], verb = 'update') {
  const client = new QueryClient();
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return renderHook(
    () => names.map((name) => useAccess('demo', { verb, group: '', resource: 'configmaps', namespace: 'fx', name })),
    { wrapper },
  );
}

const ten = Array.from({ length: 10 }, (_, i) => `cm-${i}`);

afterEach(() => vi.unstubAllGlobals());

describe('useAccess', () => {
  it('ten objects of one type in one namespace cost one review per verb when allowed', async () => {
    const sent = fakeApi(() => true, []);
    const { result } = renderAccessFor(ten);
    await waitFor(() => expect(result.current.every((a) => a.state === 'allowed')).toBe(true));
    expect(sent).toEqual([{ kind: 'access', spec: { resourceAttributes: { verb: 'update', group: '', resource: 'configmaps', namespace: 'fx' } } }]);
  });

  it('a "no" is final without names when the namespace has no rules naming objects', async () => {
    const sent = fakeApi(() => false, [{ verbs: ['get', 'list', 'watch'], apiGroups: [''], resources: ['configmaps'] }]);
    const { result } = renderAccessFor(ten);
    await waitFor(() => expect(result.current.every((a) => a.state === 'denied')).toBe(true));
    expect(result.current[3]).toMatchObject({ reason: 'You may not update configmaps "cm-3" in namespace fx' });
    expect(sent.map((s) => s.kind)).toEqual(['access', 'rules']);
  });

  it('asks by name where a rule names objects (resourceNames)', async () => {
    const sent = fakeApi((a) => a.name === 'cm-1', [{ verbs: ['update'], apiGroups: [''], resources: ['configmaps'], resourceNames: ['cm-1'] }]);
    const { result } = renderAccessFor(['cm-0', 'cm-1']);
    await waitFor(() => expect(result.current.map((a) => a.state)).toEqual(['denied', 'allowed']));
    expect(sent.filter((s) => s.kind === 'access').map((s) => (s.spec.resourceAttributes as AccessAttributes).name)).toEqual([undefined, 'cm-0', 'cm-1']);
  });
});
