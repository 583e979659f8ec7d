// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { SelectorBar } from './selector-bar';

afterEach(cleanup);

function renderBar() {
  render(
    <div>
      <p>outside</p>
      <SelectorBar labelSelector="" fieldSelector="" resource="pods" onApply={() => {}} />
    </div>,
  );
  const toggle = screen.getByTestId('selector-help-toggle');
  fireEvent.click(toggle);
  expect(screen.getByTestId('selector-help')).toBeTruthy();
  return toggle;
}

describe('the selector help', () => {
  it('closes on Escape and puts focus back on its button', () => {
    const toggle = renderBar();
    toggle.focus();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    expect(screen.queryByTestId('selector-help')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });

  it('closes on Escape typed in a selector field, leaving focus there', () => {
    renderBar();
    const input = screen.getByTestId('label-selector');
    input.focus();
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByTestId('selector-help')).toBeNull();
    expect(document.activeElement).toBe(input);
  });

  it('stays open on a press inside it or on its button, and closes on a press outside', () => {
    const toggle = renderBar();
    fireEvent.pointerDown(screen.getByText('Label selector'));
    expect(screen.getByTestId('selector-help')).toBeTruthy();
    fireEvent.pointerDown(toggle);
    expect(screen.getByTestId('selector-help')).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('outside'));
    expect(screen.queryByTestId('selector-help')).toBeNull();
  });

  it('leaves an Escape a dialog already used alone', () => {
    renderBar();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    escape.preventDefault();
    document.body.dispatchEvent(escape);
    expect(screen.getByTestId('selector-help')).toBeTruthy();
  });
});
