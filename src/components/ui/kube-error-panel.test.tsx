// @vitest-environment jsdom
import { fireEvent, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeErrorResponse, errorFromWatchEvent, networkError } from '../../k8s/kube-api-error';
import type { KubeStatus } from '../../k8s/kube-status';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { readFixture, readJsonFixture } from '../../testing/fixtures';
import { KubeErrorPanel } from './kube-error-panel';

const JSON_HEADERS = { 'content-type': 'application/json', 'audit-id': '2f1c' };

function recorded(name: string, method: string, url: string, headers: Record<string, string> = JSON_HEADERS, body = readFixture(`errors/${name}`)) {
  return decodeErrorResponse({ method, url, httpStatus: Number(name.slice(0, 3)), statusText: '', headers: new Headers(headers), body });
}

function panel(error: unknown) {
  render(<KubeErrorPanel error={error} title="Doing it" />);
  return within(screen.getByRole('alert'));
}

/** Opens the "Raw response" disclosure and returns what it shows. */
function openRaw(view: ReturnType<typeof panel>) {
  const raw = view.getByTestId('error-raw');
  fireEvent.click(within(raw).getByText('Raw response'));
  return within(raw);
}

cleanUpAfterEach();

describe('KubeErrorPanel: every "no" with code, reason, explanation and the raw response', () => {
  it('a 409 AlreadyExists on create explains and links to the object that exists', () => {
    const view = panel(recorded('409-already-exists.json', 'POST', '/k8s/demo/api/v1/namespaces/fx/configmaps?fieldManager=kubeglass'));
    expect(view.getByTestId('error-code').textContent).toBe('409');
    expect(view.getByTestId('error-reason').textContent).toBe('AlreadyExists');
    expect(view.getByTestId('error-explanation').textContent).toMatch(/already exists.*open the existing object/);
    const link = view.getByTestId('error-existing-object');
    expect(link.getAttribute('href')).toBe('/c/demo/api/v1/namespaces/fx/configmaps/settings');
    expect(link.textContent).toBe('Open the existing configmaps settings');
    const raw = openRaw(view);
    expect(raw.getByTestId('error-raw-request').textContent).toBe('POST /k8s/demo/api/v1/namespaces/fx/configmaps?fieldManager=kubeglass');
    expect(raw.getByTestId('error-raw-status').textContent).toBe('HTTP 409');
    expect(raw.getByTestId('error-raw-body').textContent).toBe(readFixture('errors/409-already-exists.json'));
  });

  it('a 409 Conflict on save says to re-read and merge, and links nowhere', () => {
    const view = panel(recorded('409-conflict-put.json', 'PUT', '/k8s/demo/api/v1/namespaces/fx/configmaps/settings'));
    expect(view.getByTestId('error-reason').textContent).toBe('Conflict');
    expect(view.getByTestId('error-explanation').textContent).toMatch(/Re-read the object, merge your change/);
    expect(view.queryByTestId('error-existing-object')).toBeNull();
  });

  it('a 403 keeps the access explanation and adds the general one', () => {
    const view = panel(recorded('403-forbidden.json', 'GET', '/k8s/viewer/api/v1/namespaces/fx/secrets'));
    expect(view.getByTestId('error-code').textContent).toBe('403');
    expect(view.getByTestId('error-reason').textContent).toBe('Forbidden');
    expect(view.getByTestId('error-explanation').textContent).toMatch(/permissions do not allow/);
    expect(view.getByTestId('denied-verb').textContent).toBe('list');
    const raw = openRaw(view);
    expect(raw.getByTestId('error-raw-headers').textContent).toBe('\naudit-id: 2f1c\ncontent-type: application/json');
    expect(raw.getByTestId('error-raw-body').textContent).toBe(readFixture('errors/403-forbidden.json'));
  });

  it('a 404 says what may have happened to the object', () => {
    const view = panel(recorded('404-not-found.json', 'GET', '/k8s/demo/api/v1/namespaces/fx/pods/missing'));
    expect(view.getByTestId('error-code').textContent).toBe('404');
    expect(view.getByTestId('error-reason').textContent).toBe('NotFound');
    expect(view.getByTestId('error-explanation').textContent).toMatch(/does not exist.*Check the name, namespace/);
    expect(openRaw(view).getByTestId('error-raw-status').textContent).toBe('HTTP 404');
  });

  it('a 410 Expired from a watch says to list again, with the event as received', () => {
    const expired: KubeStatus = { kind: 'Status', apiVersion: 'v1', metadata: {}, status: 'Failure', message: 'too old resource version: 1 (3171407)', reason: 'Expired', code: 410 };
    const view = panel(errorFromWatchEvent(expired, '/api/v1/pods'));
    expect(view.getByTestId('error-code').textContent).toBe('410');
    expect(view.getByTestId('error-reason').textContent).toBe('Expired');
    expect(view.getByTestId('error-explanation').textContent).toMatch(/too old.*List again/);
    const raw = openRaw(view);
    expect(raw.getByTestId('error-raw-status').textContent).toMatch(/^Watch ERROR event/);
    expect(raw.getByTestId('error-raw-body').textContent).toBe(JSON.stringify(expired));
  });

  it('a 422 lists each cause once, counting the ones 1.20.2 repeats', () => {
    const status = readJsonFixture<KubeStatus>('errors/422-invalid-deployment.json');
    const image = status.details?.causes?.[3] ?? {};
    const body = JSON.stringify({ ...status, details: { ...status.details, causes: [...(status.details?.causes ?? []), image, image] } });
    const view = panel(recorded('422-invalid-deployment.json', 'POST', '/k8s/demo/apis/apps/v1/namespaces/fx/deployments', JSON_HEADERS, body));
    expect(view.getByTestId('error-code').textContent).toBe('422');
    expect(view.getByTestId('error-reason').textContent).toBe('Invalid');
    expect(view.getByTestId('error-explanation').textContent).toMatch(/failed validation.*Fix the fields/);
    const causes = within(view.getByTestId('error-causes')).getAllByRole('listitem');
    expect(causes).toHaveLength(4);
    expect(causes[3]?.textContent).toBe('spec.template.spec.containers[0].image: Required value (FieldValueRequired)×3');
    expect(view.getAllByTestId('error-cause-count')).toHaveLength(1);
    expect(openRaw(view).getByTestId('error-raw-body').textContent).toBe(body);
  });
});

describe('KubeErrorPanel: what is not a Status', () => {
  it('shows a proxy HTML page as text, never as markup', () => {
    const page = '<html><head><title>502 Bad Gateway</title></head><body><h1 id="injected">Bad Gateway</h1></body></html>';
    const error = decodeErrorResponse({ method: 'GET', url: '/k8s/demo/api', httpStatus: 502, statusText: 'Bad Gateway', headers: new Headers({ 'content-type': 'text/html' }), body: page });
    const view = panel(error);
    expect(view.getByTestId('error-message').textContent).toBe('502 Bad Gateway');
    const raw = openRaw(view);
    expect(raw.getByTestId('error-raw-status').textContent).toBe('HTTP 502 Bad Gateway');
    expect(raw.getByTestId('error-raw-body').textContent).toBe(page);
    expect(document.getElementById('injected')).toBeNull();
  });

  it('shows the Warning headers that came with the failure', () => {
    const headers = { ...JSON_HEADERS, warning: '299 - "unknown field \\"spec.foo\\""' };
    const view = panel(recorded('422-invalid-deployment.json', 'POST', '/k8s/demo/apis/apps/v1/namespaces/fx/deployments', headers));
    expect(view.getByTestId('error-warnings').textContent).toBe('Warning: unknown field "spec.foo"');
  });

  it('says plainly when no response arrived', () => {
    const view = panel(networkError('GET', '/k8s/demo/api', new TypeError('Failed to fetch')));
    expect(view.getByTestId('error-code').textContent).toBe('—');
    expect(view.getByTestId('error-explanation').textContent).toMatch(/could not be reached/);
    const raw = openRaw(view);
    expect(raw.getByTestId('error-raw-status').textContent).toMatch(/^No response/);
    expect(raw.getByTestId('error-raw-body').textContent).toBe('(empty body)');
  });
});
