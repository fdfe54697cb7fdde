import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { DeleteSlot, SLOT_DELETED_PATH } from './DeleteSlot.tsx';

const server = fakeGraphQL();
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

const WHEN = 'mardi 15 décembre 2026 à 09:30';

async function openDialog(bookingsCount: number, seatsTaken: number) {
  const user = userEvent.setup();
  render(<DeleteSlot slotId={7} when={WHEN} bookingsCount={bookingsCount} seatsTaken={seatsTaken} />);
  await user.click(screen.getByRole('button', { name: `Supprimer le créneau du ${WHEN}` }));
  return { user, dialog: screen.getByRole('dialog', { name: 'Supprimer ce créneau ?' }) };
}

describe('DeleteSlot', () => {
  it('says how many bookings will be cancelled and that the teachers will be told, and sends nothing yet', async () => {
    const { dialog } = await openDialog(2, 12);
    expect(within(dialog).getByText(`Le créneau du ${WHEN} sera supprimé.`)).toBeTruthy();
    expect(
      within(dialog).getByText(
        'Les 2 réservations (12 places) seront annulées et les enseignants prévenus par e-mail.',
      ),
    ).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('says so when one teacher booked, or nobody', async () => {
    const { user, dialog } = await openDialog(1, 3);
    expect(
      within(dialog).getByText("La réservation (3 places) sera annulée et l'enseignant prévenu par e-mail."),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('tells that a free slot has no booking', async () => {
    const { dialog } = await openDialog(0, 0);
    expect(within(dialog).getByText("Personne n'a encore réservé ce créneau.")).toBeTruthy();
  });

  it('deletes once confirmed, then reloads the list that says so', async () => {
    server.answers = [{ data: { deleteSlot: true } }];
    const { user, dialog } = await openDialog(2, 12);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le créneau' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SLOT_DELETED_PATH));
    expect(server.requests).toEqual([
      expect.objectContaining({ operationName: 'DeleteSlot', variables: { id: 7 } }),
    ]);
  });

  it('shows a failure in the dialog, which stays open', async () => {
    server.answers = [
      { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] },
    ];
    const { user, dialog } = await openDialog(0, 0);
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le créneau' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('alert').textContent).toBe('Une erreur est survenue'),
    );
    expect(assign).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
