import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { folded } from '../../tests/fixtures/text.ts';
import { type BookedMeeting, BookingForm, type BookingFormProps } from './BookingForm.tsx';

const server = fakeGraphQL();

const PROPS: BookingFormProps = {
  slot: {
    id: 12,
    seatsLeft: 3,
    publicCategories: ['middleSchool', 'highSchool'],
    date: 'mardi 24 novembre 2026',
    hours: '09:00 – 10:30',
    meetingType: 'CompanyVisit',
  },
  companyName: 'Forges du Gier',
};

const BOOKED: BookedMeeting = {
  id: '42',
  participantsCount: 3,
  place: '12 rue des Forges 69700 Givors',
  videoLink: null,
  slotSeats: { seatsLeft: 0, state: 'reserved' },
};

async function openForm(props: Partial<BookingFormProps> = {}) {
  const user = userEvent.setup();
  render(<BookingForm {...PROPS} {...props} />);
  await user.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));
  return user;
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, participants: string) {
  await user.type(screen.getByLabelText(/Nombre de participants/), participants);
  await user.click(screen.getByLabelText('Lycéens'));
  await user.type(screen.getByLabelText(/Message pour l’entreprise/), 'Deux classes de seconde');
  await user.type(screen.getByLabelText(/Nom de l’adulte accompagnateur/), 'Paul Girard');
  await user.type(screen.getByLabelText(/Téléphone de l’adulte accompagnateur/), '06 12 34 56 78');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Confirmer la réservation' }));

describe('BookingForm', () => {
  it('refuses a booking without the conduct charter, under the checkbox, and sends nothing', async () => {
    const user = await openForm();
    await fillIn(user, '2');
    await submit(user);
    const charter = screen.getByRole('checkbox', { name: /charte de bonne conduite/ });
    expect(charter.getAttribute('aria-invalid')).toBe('true');
    const error = document.getElementById(charter.getAttribute('aria-describedby') ?? '');
    expect(error?.textContent).toBe(SLOT_MESSAGES.acceptCharter);
    expect(document.activeElement).toBe(charter);
    expect(server.requests).toEqual([]);
    expect((screen.getByLabelText(/Nombre de participants/) as HTMLInputElement).value).toBe('2');
    expect((screen.getByLabelText(/Message pour l’entreprise/) as HTMLTextAreaElement).value).toBe(
      'Deux classes de seconde',
    );
  });

  it('refuses more participants than seats left, and a missing category', async () => {
    const user = await openForm();
    await user.type(screen.getByLabelText(/Nombre de participants/), '5');
    await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
    await submit(user);
    expect(screen.getByText('Il reste 3 places sur ce créneau')).toBeTruthy();
    expect(screen.getByRole('group', { name: /Public du groupe/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Ce champ est requis')).toBeTruthy();
    expect(server.requests).toEqual([]);
  });

  it('asks for a whole number of participants, not for a value, when "2.5" is typed', async () => {
    const user = await openForm();
    await fillIn(user, '2.5');
    await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
    await submit(user);
    const count = screen.getByLabelText(/Nombre de participants/);
    expect(count.getAttribute('aria-invalid')).toBe('true');
    expect(
      document.getElementById(count.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent,
    ).toBe(MESSAGES.wholeNumber);
    expect(screen.queryByText(MESSAGES.required)).toBeNull();
    expect(server.requests).toEqual([]);
  });

  it('says how many seats are left when the API answers slot_full, keeping every value', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Il n’y a plus assez de places sur ce créneau.',
            extensions: { code: 'slot_full', seatsLeft: 2, state: 'notComplete' },
          },
        ],
      },
    ];
    const user = await openForm();
    await fillIn(user, '3');
    await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
    await submit(user);
    const alert = await screen.findByText(/Il n’y a plus assez de places sur ce créneau\. Il reste 2 places/);
    expect(alert.getAttribute('role')).toBe('alert');
    expect(screen.getByText('Il reste 2 places sur ce créneau')).toBeTruthy();
    expect((screen.getByLabelText(/Nombre de participants/) as HTMLInputElement).value).toBe('3');
    expect((screen.getByLabelText('Lycéens') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText(/Nom de l’adulte accompagnateur/) as HTMLInputElement).value).toBe(
      'Paul Girard',
    );
    expect(
      (screen.getByRole('checkbox', { name: /charte de bonne conduite/ }) as HTMLInputElement).checked,
    ).toBe(true);
  });

  it('says the slot is already booked, with the way to the meetings', async () => {
    server.answers = [
      { errors: [{ message: 'Vous avez déjà réservé ce créneau.', extensions: { code: 'already_booked' } }] },
    ];
    const user = await openForm();
    await fillIn(user, '2');
    await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
    await submit(user);
    expect(await screen.findByText('Vous avez déjà réservé ce créneau.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir mes rendez-vous' }).getAttribute('href')).toBe(
      '/meetings-teacher',
    );
  });

  it('books with the checked values and shows the confirmation with the .ics link', async () => {
    server.answers = [{ data: { bookSlot: BOOKED } }];
    const user = await openForm();
    await fillIn(user, '3');
    await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
    await submit(user);

    const confirmation = await screen.findByRole('region', { name: 'Votre réservation est confirmée' });
    expect(server.requests[0]?.operationName).toBe('BookSlot');
    expect(server.requests[0]?.variables.input).toEqual({
      slotId: '12',
      participantsCount: 3,
      publicCategory: 'highSchool',
      message: 'Deux classes de seconde',
      accompanyingAdultName: 'Paul Girard',
      accompanyingAdultPhone: '0612345678',
      acceptCharter: true,
    });
    const view = within(confirmation);
    expect(view.getByText('Forges du Gier')).toBeTruthy();
    expect(view.getByText('12 rue des Forges 69700 Givors')).toBeTruthy();
    expect(view.getByText(/mardi 24 novembre 2026/)).toBeTruthy();
    expect(view.getByText(/09:00 – 10:30/)).toBeTruthy();
    const ics = view.getByRole('link', { name: 'Ajouter à mon agenda' });
    expect(ics.getAttribute('href')).toBe('/calendar/meetings/42.ics');
    expect(ics.hasAttribute('download')).toBe(true);
    expect(view.getByRole('link', { name: 'Voir le détail du rendez-vous' }).getAttribute('href')).toBe(
      '/meetings-teacher/meeting-details?id=42',
    );
    expect(screen.queryByRole('button', { name: 'Confirmer la réservation' })).toBeNull();
    expect(document.activeElement?.textContent).toBe('Votre réservation est confirmée');
  });

  it('shows a webinar’s external link from the answer, and tells the card the seats the write left', async () => {
    server.answers = [
      {
        data: {
          bookSlot: {
            ...BOOKED,
            place: 'https://visio.example.fr/forges',
            videoLink: 'https://visio.example.fr/forges',
          },
        },
      },
    ];
    const told: unknown[] = [];
    const user = await openForm({
      slot: { ...PROPS.slot, meetingType: 'Webinar' },
      onSlotChange: (seats) => told.push(seats),
    });
    await fillIn(user, '3');
    await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
    await submit(user);
    const confirmation = await screen.findByRole('region', { name: 'Votre réservation est confirmée' });
    const link = within(confirmation).getByRole('link', { name: /Lien de la visioconférence/ });
    expect(link.getAttribute('href')).toBe('https://visio.example.fr/forges');
    expect(told).toEqual([{ seatsLeft: 0, state: 'reserved' }]);
  });

  it('files the booking in the chosen group, and says it under « Groupe » when the server refuses it', async () => {
    const refusal = 'Ce groupe n’existe pas ou n’est pas le vôtre : choisissez un de vos groupes.';
    server.answers = [
      {
        errors: [
          {
            message: 'Certains champs sont à corriger.',
            extensions: { code: 'BAD_USER_INPUT', fields: { groupId: refusal } },
          },
        ],
      },
      { data: { bookSlot: BOOKED } },
    ];
    const user = await openForm({
      groups: [
        { id: 7, name: '4e B', clash: null },
        { id: 9, name: '3e Prépa-métiers', clash: null },
      ],
    });
    await fillIn(user, '3');
    await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
    const group = screen.getByRole('combobox', { name: /Groupe/ }) as HTMLSelectElement;
    expect(group.value).toBe('');
    await user.selectOptions(group, '3e Prépa-métiers');
    await submit(user);
    expect(await screen.findByText(folded(refusal))).toBeTruthy();
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(group.value).toBe('9');
    await submit(user);
    await screen.findByRole('region', { name: 'Votre réservation est confirmée' });
    expect(
      server.requests.map((request) => (request.variables.input as { groupId?: string }).groupId),
    ).toEqual(['9', '9']);
  });

  it('warns, without refusing, when the chosen group already has a meeting then', async () => {
    const warning =
      '4e B a déjà une rencontre le mardi 1 décembre 2026, 10:30 – 11:30 (Collège) : vérifiez que le groupe peut être aux deux endroits.';
    server.answers = [{ data: { bookSlot: BOOKED } }];
    const user = await openForm({
      groups: [
        { id: 7, name: '4e B', clash: warning },
        { id: 9, name: '3e Prépa-métiers', clash: null },
      ],
    });
    // Without JavaScript, the option itself says it.
    expect(screen.getByRole('option', { name: '4e B (déjà en rencontre à ce moment-là)' })).toBeTruthy();
    const group = screen.getByRole('combobox', { name: /Groupe/ });
    await user.selectOptions(group, '3e Prépa-métiers');
    expect(screen.queryByTestId('class-clash')).toBeNull();
    await user.selectOptions(group, '4e B (déjà en rencontre à ce moment-là)');
    expect(screen.getByTestId('class-clash').textContent).toBe(warning);
    await fillIn(user, '3');
    await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
    await submit(user);
    await screen.findByRole('region', { name: 'Votre réservation est confirmée' });
  });

  it('offers to create a group to a teacher who has none', async () => {
    await openForm({ groups: [] });
    expect(screen.queryByRole('combobox', { name: /Groupe/ })).toBeNull();
    expect(screen.getByRole('link', { name: 'créer un groupe' }).getAttribute('href')).toBe(
      '/my-groups#nouveau-groupe',
    );
  });
});
