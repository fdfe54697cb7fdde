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

async function openDialog(bookingsCount: number, seatsTaken: number, waitingCount = 0) {
  const user = userEvent.setup();
  render(
    <DeleteSlot
      slotId={7}
      when={WHEN}
      bookingsCount={bookingsCount}
      seatsTaken={seatsTaken}
      waitingCount={waitingCount}
    />,
  );
  // Without JavaScript, the same words on a page of their own.
  const link = screen.getByRole('link', { name: `Supprimer le créneau du ${WHEN}` });
  expect(link.getAttribute('href')).toBe('/my-slots/delete-slot?id=7');
  await user.click(link);
  return { user, dialog: screen.getByRole('dialog', { name: 'Supprimer ce créneau ?' }) };
}

describe('DeleteSlot', () => {
  it('says how many bookings will be cancelled and waiting teachers told, and sends nothing yet', async () => {
    const { dialog } = await openDialog(2, 12, 3);
    expect(within(dialog).getByText(`Le créneau du ${WHEN} sera supprimé.`)).toBeTruthy();
    expect(
      within(dialog).getByText(
        '2 réservations seront annulées (12 places) : les enseignants seront prévenus par e-mail.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        '3 enseignants en liste d’attente seront prévenus que le créneau n’aura pas lieu.',
      ),
    ).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('says so when one teacher booked, or nobody', async () => {
    const { user, dialog } = await openDialog(1, 3, 1);
    expect(
      within(dialog).getByText(
        '1 réservation sera annulée (3 places) : l’enseignant sera prévenu par e-mail.',
      ),
    ).toBeTruthy();
    expect(
      within(dialog).getByText(
        '1 enseignant en liste d’attente sera prévenu que le créneau n’aura pas lieu.',
      ),
    ).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Annuler' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('tells that a free slot has no booking', async () => {
    const { dialog } = await openDialog(0, 0);
    expect(
      within(dialog).getByText('Aucune réservation : personne n’a encore réservé ce créneau.'),
    ).toBeTruthy();
    expect(within(dialog).getByText('Aucun enseignant en liste d’attente.')).toBeTruthy();
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
