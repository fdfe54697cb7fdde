import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { DUPLICATE_MESSAGES, DuplicateSlot, slotsDuplicatedPath } from './DuplicateSlot.tsx';

const server = fakeGraphQL();
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

const WHEN = 'mardi 1er décembre 2026 à 09:30';

async function openDialog() {
  const user = userEvent.setup();
  render(<DuplicateSlot slotId={7} when={WHEN} date="2026-12-01" today="2026-11-22" />);
  await user.click(screen.getByRole('button', { name: `Dupliquer le créneau du ${WHEN}` }));
  const dialog = screen.getByRole('dialog', { name: 'Dupliquer ce créneau' });
  return { user, dialog };
}

const dateInput = (dialog: HTMLElement) =>
  within(dialog).getByLabelText('Ajouter une date', { selector: 'input' }) as HTMLInputElement;
const chosen = (dialog: HTMLElement) =>
  within(dialog)
    .queryAllByRole('listitem')
    .map((item) => item.firstElementChild?.firstElementChild?.textContent);

async function addDate(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, date: string) {
  fireEvent.change(dateInput(dialog), { target: { value: date } });
  await user.click(within(dialog).getByRole('button', { name: 'Ajouter cette date' }));
}

describe('DuplicateSlot', () => {
  it('adds dates one by one and as a weekly series, sorted, each removable', async () => {
    const { user, dialog } = await openDialog();
    await addDate(user, dialog, '2026-12-20');
    await user.type(within(dialog).getByLabelText('Chaque semaine pendant', { selector: 'input' }), '3');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter ces semaines' }));
    expect(chosen(dialog)).toEqual([
      'mardi 8 décembre 2026',
      'mardi 15 décembre 2026',
      'dimanche 20 décembre 2026',
      'mardi 22 décembre 2026',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Retirer le mardi 15 décembre 2026' }));
    expect(chosen(dialog)).toHaveLength(3);
    expect(within(dialog).getByRole('button', { name: 'Dupliquer sur 3 dates' })).toBeTruthy();
  });

  it('refuses an empty, past, repeated or same-day date, and an empty list', async () => {
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter cette date' }));
    expect(within(dialog).getByText('Ce champ est requis')).toBeTruthy();
    await addDate(user, dialog, '2026-11-01');
    expect(within(dialog).getByText(SLOT_MESSAGES.pastSlot)).toBeTruthy();
    await addDate(user, dialog, '2026-12-01');
    expect(within(dialog).getByText(DUPLICATE_MESSAGES.sameDate)).toBeTruthy();
    await addDate(user, dialog, '2026-12-02');
    await addDate(user, dialog, '2026-12-02');
    expect(within(dialog).getByText(DUPLICATE_MESSAGES.alreadyChosen)).toBeTruthy();
    expect(chosen(dialog)).toEqual(['mercredi 2 décembre 2026']);

    await user.click(within(dialog).getByRole('button', { name: 'Retirer le mercredi 2 décembre 2026' }));
    await user.click(within(dialog).getByRole('button', { name: 'Dupliquer' }));
    expect(within(dialog).getByText(SLOT_MESSAGES.duplicateDates)).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('duplicates onto the chosen dates, shows the slots created, and reloads the list on close', async () => {
    server.answers = [
      {
        data: {
          duplicateSlot: [
            { id: '81', startsAt: '2026-12-08T08:30:00.000Z', timeZone: 'Europe/Paris' },
            { id: '82', startsAt: '2026-12-15T08:30:00.000Z', timeZone: 'Europe/Paris' },
          ],
        },
      },
    ];
    const { user, dialog } = await openDialog();
    await addDate(user, dialog, '2026-12-15');
    await addDate(user, dialog, '2026-12-08');
    await user.click(within(dialog).getByRole('button', { name: 'Dupliquer sur 2 dates' }));

    await waitFor(() => expect(within(dialog).getByText('2 créneaux ont été créés :')).toBeTruthy());
    expect(server.requests[0]).toMatchObject({
      operationName: 'DuplicateSlot',
      variables: { id: 7, dates: ['2026-12-08', '2026-12-15'] },
    });
    expect(within(dialog).getByText('mardi 8 décembre 2026 à 09:30')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('2 créneaux ont été créés :');
    await user.click(within(dialog).getAllByRole('button', { name: 'Fermer' }).at(-1) as HTMLElement);
    expect(assign).toHaveBeenCalledWith(slotsDuplicatedPath(2));
  });

  it('shows the date the API refuses beside it in the list', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Certains champs sont à corriger.',
            extensions: { code: 'BAD_USER_INPUT', fields: { 'dates.1': SLOT_MESSAGES.pastSlot } },
          },
        ],
      },
    ];
    const { user, dialog } = await openDialog();
    await addDate(user, dialog, '2026-11-22');
    await addDate(user, dialog, '2026-12-08');
    await user.click(within(dialog).getByRole('button', { name: 'Dupliquer sur 2 dates' }));
    await waitFor(() => expect(within(dialog).getByText(SLOT_MESSAGES.pastSlot)).toBeTruthy());
    const refused = within(dialog).getByText(SLOT_MESSAGES.pastSlot).closest('li');
    expect(refused?.textContent).toContain('mardi 8 décembre 2026');
    expect(within(dialog).getByRole('alert').textContent).toContain('Certaines dates ne conviennent pas');
  });
});

describe('DuplicateSlot and the holidays (issue 20)', () => {
  async function weekly(skip: boolean) {
    const user = userEvent.setup();
    render(<DuplicateSlot slotId={7} when={WHEN} date="2027-02-02" today="2027-01-20" departmentCode="69" />);
    await user.click(screen.getByRole('button', { name: `Dupliquer le créneau du ${WHEN}` }));
    const dialog = screen.getByRole('dialog', { name: 'Dupliquer ce créneau' });
    const box = within(dialog).getByRole('checkbox', {
      name: 'Sauter les vacances scolaires (zone A) et les jours fériés',
    }) as HTMLInputElement;
    expect(box.checked).toBe(true);
    if (!skip) await user.click(box);
    await user.type(within(dialog).getByLabelText('Chaque semaine pendant', { selector: 'input' }), '4');
    await user.click(within(dialog).getByRole('button', { name: 'Ajouter ces semaines' }));
    return dialog;
  }

  it('skips the school holidays of the company’s zone by default, and says how many dates it skipped', async () => {
    const dialog = await weekly(true);
    expect(chosen(dialog)).toEqual(['mardi 9 février 2027', 'mardi 2 mars 2027']);
    expect(within(dialog).getByTestId('skipped-dates').textContent).toBe(
      '2 dates écartées (vacances scolaires ou jours fériés) : mardi 16 février 2027, mardi 23 février 2027.',
    );
  });

  it('keeps every week when the box is unticked', async () => {
    const dialog = await weekly(false);
    expect(chosen(dialog)).toHaveLength(4);
    expect(within(dialog).getByTestId('skipped-dates').textContent).toBe('');
  });
});
