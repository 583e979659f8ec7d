// @vitest-environment jsdom
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { decodeErrorResponse, networkError } from '../../k8s/kube-api-error';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { EditErrorPanel } from './edit-error-panel';

cleanUpAfterEach();

describe('EditErrorPanel footer', () => {
  it('does not tell to fix and Save again when the PUT may have been applied', () => {
    render(<EditErrorPanel error={networkError('PUT', '/k8s/demo/api/v1/namespaces/shop/configmaps/a', new TypeError('Failed to fetch'))} title="Saving" onCauseClick={() => {}} />);
    expect(screen.getByTestId('save-error').textContent).toContain('Whether the server applied it is not known: Check now before you Save again.');
  });

  it('tells to fix and Save again when the API refused it', () => {
    const body = JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'Invalid', code: 422, message: 'bad' });
    const error = decodeErrorResponse({ method: 'PUT', url: '/k8s/demo/api/v1/x', httpStatus: 422, statusText: '', headers: new Headers({ 'content-type': 'application/json' }), body });
    render(<EditErrorPanel error={error} title="Saving" onCauseClick={() => {}} />);
    expect(screen.getByTestId('save-error').textContent).toContain('Your text is kept: fix it and Save again.');
  });
});
