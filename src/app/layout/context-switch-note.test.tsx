// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useSwitchNoteStore } from '../../stores/switch-note-store';
import { cleanUpAfterEach } from '../../testing/clean-up-after-each';
import { navigate } from '../router/history';
import { ContextSwitchNote } from './context-switch-note';

cleanUpAfterEach();

describe('ContextSwitchNote', () => {
  it('says what the switch could not keep on the page it led to, as a status, until dismissed or left', () => {
    navigate('/c/demo-viewer/api/v1/namespaces/demo/secrets');
    useSwitchNoteStore.getState().setNote({ href: '/c/demo-viewer/api/v1/namespaces/demo/secrets', text: 'demo-viewer cannot read secrets "s".' });
    render(<ContextSwitchNote />);
    expect(screen.getByRole('status').textContent).toBe('demo-viewer cannot read secrets "s".Dismiss');

    act(() => navigate('/c/demo-viewer/api/v1/namespaces/demo/pods'));
    expect(screen.queryByRole('status')).toBeNull();
    act(() => navigate('/c/demo-viewer/api/v1/namespaces/demo/secrets'));
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(useSwitchNoteStore.getState().note).toBeNull();
  });
});
