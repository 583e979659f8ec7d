// Test-only: SelfSubjectAccessReview answers for fake fetches, a wait for gated actions to settle, and what a refused one shows.
import { screen, waitFor } from '@testing-library/react';
import { expect } from 'vitest';

interface ReviewAttributes {
  verb?: string;
  group?: string;
  resource?: string;
  subresource?: string;
  namespace?: string;
  name?: string;
}

/** The answer to a SelfSubjectAccessReview POST (allowed unless `deny` says so); undefined for other requests. */
export function accessReviewResponse(url: string, init: RequestInit | undefined, deny: (a: ReviewAttributes) => boolean = () => false): Response | undefined {
  if ((init?.method ?? 'GET') !== 'POST' || !url.includes('/apis/authorization.k8s.io/v1/selfsubjectaccessreviews')) return undefined;
  const body = JSON.parse(String(init?.body)) as { spec: { resourceAttributes: ReviewAttributes } };
  const allowed = !deny(body.spec.resourceAttributes);
  return new Response(JSON.stringify({ ...body, status: { allowed } }), { status: 201, headers: { 'content-type': 'application/json' } });
}

/** Waits until no gated action is still asking whether it may be used. */
export async function accessSettled(): Promise<void> {
  await waitFor(() => {
    if (document.querySelector('[data-access="pending"]')) throw new Error('an action still waits for its access review');
  });
}

/** Once no action waits for its review: the gated action is offered but disabled, its title saying why. */
export async function expectRefused(testId: string, reason: string): Promise<void> {
  await accessSettled();
  const action = screen.getByTestId(testId);
  expect(action).toHaveProperty('disabled', true);
  expect(action.getAttribute('title')).toBe(reason);
}
