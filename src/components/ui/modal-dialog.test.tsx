// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { useRef, useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { ModalDialog } from './modal-dialog';

/** A page whose opener button goes away when `removeOpener` is pressed (as a removed label's × does). */
function Page() {
  const section = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  const [openerShown, setOpenerShown] = useState(true);
  return (
    <section ref={section} tabIndex={-1} data-testid="section">
      {openerShown && (
        <button type="button" onClick={() => setOpen(true)}>
          Remove label
        </button>
      )}
      <button type="button" onClick={() => setOpenerShown(false)}>
        Remove opener
      </button>
      {open && (
        <ModalDialog label="Preview" onClose={() => setOpen(false)} fallbackFocus={section}>
          <button type="button" onClick={() => setOpen(false)}>
            Apply
          </button>
        </ModalDialog>
      )}
    </section>
  );
}

afterEach(cleanup);

describe('ModalDialog focus on close', () => {
  it('goes back to the opener, and to the fallback when the opener leaves the page just after', async () => {
    render(<Page />);
    const opener = screen.getByRole('button', { name: 'Remove label' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Apply' }));
    expect(document.activeElement).toBe(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Remove opener', hidden: true }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByTestId('section')));
  });
});
