import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FormDialog } from './form-dialog';

function Opened({ late = false }: { late?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit Gold
      </button>
      <FormDialog title="Edit Item" open={open} onOpenChange={setOpen}>
        {late ? <LateForm /> : <Form onCancel={() => setOpen(false)} />}
      </FormDialog>
    </>
  );
}

function Form({ onCancel }: { onCancel?: () => void }) {
  return (
    <form>
      <label>
        Name <input name="name" />
      </label>
      <button type="button" onClick={onCancel}>
        Cancel
      </button>
    </form>
  );
}

/** Stands in for a lazily loaded form: the field arrives after the dialog has opened. */
function LateForm() {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setReady(true), 20);
    return () => clearTimeout(timer);
  }, []);
  return ready ? <Form /> : <p>Loading…</p>;
}

describe('FormDialog', () => {
  it('focuses the first field when it opens, not the close button', async () => {
    const user = userEvent.setup();
    render(<Opened />);
    await user.click(screen.getByRole('button', { name: 'Edit Gold' }));
    expect(screen.getByLabelText('Name')).toHaveFocus();
  });

  it('returns focus to the button that opened it, though that button is not its trigger', async () => {
    const user = userEvent.setup();
    render(<Opened />);
    const opener = screen.getByRole('button', { name: 'Edit Gold' });
    await user.click(opener);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(opener).toHaveFocus());

    await user.click(opener);
    await user.keyboard('{Escape}');
    await vi.waitFor(() => expect(opener).toHaveFocus());
  });

  it('focuses the first field of a form that arrives after the dialog opened', async () => {
    const user = userEvent.setup();
    render(<Opened late />);
    await user.click(screen.getByRole('button', { name: 'Edit Gold' }));
    expect(await screen.findByLabelText('Name')).toHaveFocus();
  });
});
