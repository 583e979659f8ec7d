// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { KeyboardShortcutsButton } from './keyboard-shortcuts-dialog';
import { KEYBOARD_SHORTCUTS } from './keyboard-shortcuts';

afterEach(cleanup);

function renderPage() {
  render(
    <div>
      <input aria-label="typed into" />
      <button type="button">elsewhere</button>
      <KeyboardShortcutsButton />
    </div>,
  );
}

describe('the keyboard shortcuts dialog', () => {
  it('opens on ?, lists every shortcut by where it works, and closes on Escape giving focus back', () => {
    renderPage();
    const elsewhere = screen.getByRole('button', { name: 'elsewhere' });
    elsewhere.focus();
    fireEvent.keyDown(elsewhere, { key: '?', shiftKey: true });
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    for (const section of KEYBOARD_SHORTCUTS) {
      const region = within(dialog).getByRole('region', { name: section.where });
      for (const shortcut of section.shortcuts) expect(within(region).getByText(shortcut.does)).toBeTruthy();
    }
    const keys = within(dialog).getAllByText((_, el) => el?.tagName === 'KBD').map((k) => k.textContent);
    expect(keys).toEqual(expect.arrayContaining(['Ctrl+K', ':', '/', '?', 'Alt+R', 'j', 'k', 'Enter', 'Escape', 'Ctrl+S', 'Ctrl+Enter']));
    // Focus starts on the list, so the arrow keys scroll it.
    expect(document.activeElement).toBe(within(dialog).getByRole('group', { name: 'Every shortcut, by where it works' }));
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(elsewhere);
  });

  it('leaves ? typed into a field, or with Ctrl, alone', () => {
    renderPage();
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'typed into' }), { key: '?' });
    fireEvent.keyDown(document.body, { key: '?', ctrlKey: true });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('opens from its header button too, and Close closes it', () => {
    renderPage();
    fireEvent.click(screen.getByRole('button', { name: 'Keyboard shortcuts' }));
    const dialog = screen.getByRole('dialog', { name: 'Keyboard shortcuts' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
