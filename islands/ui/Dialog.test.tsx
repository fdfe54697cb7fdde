import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { Button } from './Button.tsx';
import { Dialog } from './Dialog.tsx';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function CancelMeeting({ onConfirm = () => {} }: { onConfirm?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Annuler la rencontre</Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title="Annuler la rencontre ?"
        actions={
          <>
            <Button variant="outline" onClick={() => setOpen(false)}>
              Retour
            </Button>
            <Button color="error" onClick={onConfirm}>
              Confirmer
            </Button>
          </>
        }
      >
        <p>Pensez à prévenir l’entreprise par téléphone.</p>
      </Dialog>
    </>
  );
}

async function openDialog() {
  const user = userEvent.setup();
  render(<CancelMeeting />);
  await user.tab();
  await user.keyboard('{Enter}');
  return { user, opener: screen.getByRole('button', { name: 'Annuler la rencontre' }) };
}

describe('Dialog', () => {
  it('renders closed without content', () => {
    render(<Dialog open={false} onClose={() => {}} title="Titre" />);
    expect(screen.queryByText('Titre')).toBeNull();
  });

  it('opens as a modal named by its title, with its content and actions, focus inside', async () => {
    const showModal = vi.spyOn(HTMLDialogElement.prototype, 'showModal');
    await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Annuler la rencontre ?' });
    expect(showModal).toHaveBeenCalledOnce();
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(screen.getByText('Pensez à prévenir l’entreprise par téléphone.')).toBeTruthy();
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Fermer' }));
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const { user, opener } = await openDialog();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
  });

  it('closes with its "Fermer" button and with an action', async () => {
    const { user, opener } = await openDialog();
    await user.click(screen.getByRole('button', { name: 'Fermer' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(opener);
    await user.keyboard('{Enter}');
    await user.click(screen.getByRole('button', { name: 'Retour' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('closes when the browser asks to (cancel event)', async () => {
    await openDialog();
    screen.getByRole('dialog').dispatchEvent(new Event('cancel', { cancelable: true }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps Tab and Shift+Tab inside', async () => {
    const { user } = await openDialog();
    const close = screen.getByRole('button', { name: 'Fermer' });
    const back = screen.getByRole('button', { name: 'Retour' });
    const confirm = screen.getByRole('button', { name: 'Confirmer' });
    await user.tab();
    expect(document.activeElement).toBe(back);
    await user.tab();
    expect(document.activeElement).toBe(confirm);
    await user.tab();
    expect(document.activeElement).toBe(close);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(confirm);
  });

  it('works where the browser has no showModal', async () => {
    const prototype = HTMLDialogElement.prototype as Partial<HTMLDialogElement>;
    const showModal = prototype.showModal;
    delete prototype.showModal;
    onTestFinished(() => {
      prototype.showModal = showModal;
    });
    expect(typeof document.createElement('dialog').showModal).toBe('undefined');
    const { user, opener } = await openDialog();
    const dialog = screen.getByRole('dialog', { name: 'Annuler la rencontre ?' });
    expect(dialog.hasAttribute('open')).toBe(true);
    expect(dialog.contains(document.activeElement)).toBe(true);
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Confirmer' }));
    await user.keyboard('{Escape}');
    expect(dialog.hasAttribute('open')).toBe(false);
    expect(document.activeElement).toBe(opener);
  });
});
