import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import { SLOT_MESSAGES } from '../../common/slots.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import {
  EMPTY_SLOT_VALUES,
  SLOT_MOVED_PATH,
  SLOT_SAVED_PATH,
  SlotForm,
  type SlotFormProps,
  type SlotFormValues,
} from './SlotForm.tsx';

const server = fakeGraphQL();
let assign: ReturnType<typeof vi.fn<(url: string | URL) => void>>;

beforeEach(() => {
  assign = vi.fn<(url: string | URL) => void>();
  vi.spyOn(window.location, 'assign').mockImplementation(assign);
});
afterEach(() => vi.restoreAllMocks());

const FILLED: SlotFormValues = {
  date: '2026-12-15',
  time: '09:30',
  durationMinutes: '90',
  meetingType: 'CompanyVisit',
  publicCategories: ['highSchool', 'jobSeekers'],
  subjects: ['discoverJobs'],
  maxParticipants: '24',
  speaker: {
    name: 'Martin',
    firstname: 'Claire',
    email: 'claire.martin@forges.fr',
    phone: '0472000000',
    role: 'Responsable d’atelier',
  },
  description: 'Visite des ateliers de forge.',
  videoLink: '',
  otherPlace: false,
  place: null,
};

function renderForm(props: Partial<SlotFormProps> = {}) {
  const user = userEvent.setup();
  render(
    <SlotForm
      slot={null}
      initial={EMPTY_SLOT_VALUES}
      today="2026-11-22"
      zoneName={null}
      videoRoomAvailable
      {...props}
    />,
  );
  return user;
}

const submitButton = () =>
  screen.getByRole('button', { name: /Publier le créneau|Enregistrer les modifications/ });
/** The input or textarea whose label starts with `label` (a section heading may start the same way). */
const field = (label: string) =>
  screen.getByLabelText(new RegExp(`^${label}`), { selector: 'input, textarea' }) as HTMLInputElement;
const group = (legend: string) => screen.getByRole('group', { name: new RegExp(`^${legend}`) });

/** The message under a control, found through its aria-describedby. */
function messageOf(control: HTMLElement): string {
  const ids = (control.getAttribute('aria-describedby') ?? '').split(' ').filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' | ');
}

async function chooseTime(user: ReturnType<typeof userEvent.setup>, time: string) {
  await user.click(screen.getByRole('combobox', { name: /Heure de début/ }));
  await user.click(screen.getByRole('option', { name: time }));
}

describe('SlotForm', () => {
  it('fills the speaker from the team, and the fields stay editable (issue 21)', async () => {
    const thomas = {
      name: 'Lefèvre',
      firstname: 'Thomas',
      email: 'thomas.lefevre@forges.fr',
      phone: '0611223344',
      role: 'Chef d’atelier',
    };
    const user = renderForm({ team: [thomas] });
    await user.selectOptions(
      screen.getByLabelText(/^Choisir dans votre équipe/),
      'Thomas Lefèvre — Chef d’atelier',
    );
    expect(field('Prénom').value).toBe('Thomas');
    expect(field('Adresse e-mail').value).toBe('thomas.lefevre@forges.fr');
    expect(field('Fonction').value).toBe('Chef d’atelier');
    await user.clear(field('Adresse e-mail'));
    await user.type(field('Adresse e-mail'), 'autre@forges.fr');
    expect((screen.getByLabelText(/^Choisir dans votre équipe/) as HTMLSelectElement).value).toBe('');
  });

  it('says what each field needs, under it, and sends nothing', async () => {
    const user = renderForm();
    await user.click(submitButton());

    expect(messageOf(field('Date'))).toBe('Ce champ est requis');
    expect(messageOf(screen.getByRole('combobox', { name: /Heure de début/ }))).toBe('Ce champ est requis');
    expect(messageOf(group('Durée'))).toBe(SLOT_MESSAGES.chooseDuration);
    expect(messageOf(group('Type de rencontre'))).toBe(SLOT_MESSAGES.chooseMeetingType);
    expect(messageOf(group('Public'))).toBe(SLOT_MESSAGES.chooseCategory);
    expect(messageOf(group('Thèmes abordés'))).toBe('');
    expect(messageOf(field('Nombre de participants'))).toContain('Ce champ est requis');
    for (const label of ['Nom', 'Prénom', 'Adresse e-mail', 'Fonction']) {
      expect(messageOf(screen.getByRole('textbox', { name: new RegExp(`^${label}`) })), label).toBe(
        'Ce champ est requis',
      );
    }
    expect(messageOf(screen.getByRole('textbox', { name: /^Téléphone/ }))).toContain('Ce champ est requis');
    // The first field in error takes the focus.
    expect(document.activeElement).toBe(field('Date'));
    expect(server.requests).toEqual([]);
  });

  it('asks for the address of a visit held elsewhere, and sends the company’s when it is not', async () => {
    const user = renderForm({ initial: FILLED });
    await user.click(screen.getByRole('checkbox', { name: /autre adresse que celle de l’entreprise/ }));
    await user.click(submitButton());
    expect(messageOf(screen.getByRole('combobox', { name: /^Adresse de la visite/ }))).toBe(
      ACCOUNT_MESSAGES.addressFromSuggestions,
    );
    expect(server.requests).toEqual([]);
    await user.click(screen.getByRole('checkbox', { name: /autre adresse que celle de l’entreprise/ }));
    await user.click(submitButton());
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]?.variables.input).not.toHaveProperty('place');
  });

  it('checks the format of what is typed: e-mail, phone, participants, video link', async () => {
    const user = renderForm({ initial: FILLED });
    await user.clear(screen.getByRole('textbox', { name: /^Adresse e-mail/ }));
    await user.type(screen.getByRole('textbox', { name: /^Adresse e-mail/ }), 'claire@');
    await user.clear(screen.getByRole('textbox', { name: /^Téléphone/ }));
    await user.type(screen.getByRole('textbox', { name: /^Téléphone/ }), '12345');
    await user.clear(field('Nombre de participants'));
    await user.type(field('Nombre de participants'), '0');
    await user.click(within(group('Type de rencontre')).getByLabelText('Webinaire'));
    await user.type(field('Lien de visioconférence externe'), 'http://visio.example.fr');
    await user.click(submitButton());

    expect(messageOf(screen.getByRole('textbox', { name: /^Adresse e-mail/ }))).toBe(
      'L’adresse e-mail est invalide',
    );
    expect(messageOf(screen.getByRole('textbox', { name: /^Téléphone/ }))).toContain(
      'Le numéro doit être au format 0XXXXXXXXX',
    );
    expect(messageOf(field('Nombre de participants'))).toContain('La valeur doit être au moins 1');
    expect(messageOf(field('Lien de visioconférence externe'))).toContain(SLOT_MESSAGES.invalidVideoLink);

    await user.clear(field('Nombre de participants'));
    await user.type(field('Nombre de participants'), '501');
    await user.click(submitButton());
    expect(messageOf(field('Nombre de participants'))).toContain('La valeur doit être au plus 500');

    await user.clear(field('Nombre de participants'));
    await user.type(field('Nombre de participants'), '2.5');
    await user.click(submitButton());
    expect(messageOf(field('Nombre de participants'))).toContain(MESSAGES.wholeNumber);
    expect(messageOf(field('Nombre de participants'))).not.toContain(MESSAGES.required);
    expect(server.requests).toEqual([]);
  });

  it('marks the required fields with an asterisk and offers participants up to the platform maximum', () => {
    renderForm();
    for (const label of ['Date', 'Nombre de participants', 'Nom', 'Prénom', 'Fonction']) {
      expect(screen.getByText(label, { selector: 'label' }).textContent).toContain('*');
    }
    expect(screen.getByText('Durée', { selector: 'legend' }).textContent).toContain('*');
    expect(screen.getByText('Thèmes abordés', { selector: 'legend' }).textContent).not.toContain('*');
    const participants = field('Nombre de participants');
    expect(participants.placeholder).toBe('20');
    expect(participants.min).toBe('1');
    expect(participants.max).toBe('500');
    const times = screen.getByRole('listbox', { hidden: true });
    const options = within(times).getAllByRole('option', { hidden: true });
    expect(options[0]?.textContent).toContain('01:00');
    expect(options.at(-1)?.textContent).toContain('23:00');
    expect(options).toHaveLength(45);
  });

  it('asks for the external video link of a webinar only', async () => {
    const user = renderForm();
    expect(screen.queryByLabelText('Lien de visioconférence externe', { exact: false })).toBeNull();
    await user.click(within(group('Type de rencontre')).getByLabelText('Webinaire'));
    expect(field('Lien de visioconférence externe')).toBeTruthy();
    await user.click(within(group('Type de rencontre')).getByLabelText('Visite'));
    expect(screen.queryByLabelText('Lien de visioconférence externe', { exact: false })).toBeNull();
  });

  it('warns that a webinar without a link cannot be joined when the platform has no video room', async () => {
    const notice = /La salle de visioconférence de Passerelle Industrie n’est pas disponible/;
    const user = renderForm({ videoRoomAvailable: false });
    await user.click(within(group('Type de rencontre')).getByLabelText('Webinaire'));
    expect(screen.getByText(notice)).toBeTruthy();
    expect(
      screen.getByText(/Sans lien externe, les classes ne pourront pas rejoindre ce webinaire/),
    ).toBeTruthy();
    expect(messageOf(field('Lien de visioconférence externe'))).toContain(
      'Le lien de la visioconférence que vous organisez',
    );
    await user.type(field('Lien de visioconférence externe'), 'https://visio.example.fr/forge');
    expect(screen.queryByText(notice)).toBeNull();
  });

  it('says nothing of it when the platform has its video room', async () => {
    const user = renderForm();
    await user.click(within(group('Type de rencontre')).getByLabelText('Webinaire'));
    expect(screen.queryByText(/n’est pas disponible/)).toBeNull();
    expect(messageOf(field('Lien de visioconférence externe'))).toContain(
      'Sans lien, le webinaire a lieu dans la salle de visioconférence',
    );
  });

  it('publishes the slot with what was typed, then goes back to the list', async () => {
    server.answers = [{ data: { createSlot: { id: '41' } } }];
    const user = renderForm({
      initial: { ...EMPTY_SLOT_VALUES, speaker: { ...EMPTY_SLOT_VALUES.speaker, name: 'Martin' } },
    });
    fireEvent.change(field('Date'), { target: { value: '2026-12-15' } });
    await chooseTime(user, '09:30');
    await user.click(within(group('Durée')).getByLabelText('1 h 30'));
    await user.click(within(group('Type de rencontre')).getByLabelText('Webinaire'));
    await user.type(field('Lien de visioconférence externe'), 'https://visio.example.fr/forge');
    await user.click(within(group('Public')).getByLabelText('Lycéens'));
    await user.click(within(group('Thèmes abordés')).getByLabelText('Trouver un stage'));
    await user.type(field('Nombre de participants'), '24');
    await user.type(field('Description pour les participants'), 'Présentation des métiers.');
    await user.type(screen.getByRole('textbox', { name: /^Prénom/ }), 'Claire');
    await user.type(screen.getByRole('textbox', { name: /^Adresse e-mail/ }), 'claire.martin@forges.fr');
    await user.type(screen.getByRole('textbox', { name: /^Téléphone/ }), '04 72 00 00 00');
    await user.type(screen.getByRole('textbox', { name: /^Fonction/ }), 'Ingénieure');
    await user.click(submitButton());

    await waitFor(() => expect(assign).toHaveBeenCalledWith(SLOT_SAVED_PATH));
    expect(server.requests[0]?.operationName).toBe('CreateSlot');
    expect(server.requests[0]?.variables).toEqual({
      input: {
        date: '2026-12-15',
        time: '09:30',
        durationMinutes: 90,
        meetingType: 'Webinar',
        publicCategories: ['highSchool'],
        subjects: ['findInternship'],
        maxParticipants: 24,
        speaker: {
          name: 'Martin',
          firstname: 'Claire',
          email: 'claire.martin@forges.fr',
          phone: '0472000000',
          role: 'Ingénieure',
        },
        description: 'Présentation des métiers.',
        videoLink: 'https://visio.example.fr/forge',
      },
    });
  });

  it('keeps every value and says the slot was not saved when the API fails', async () => {
    server.answers = [
      { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] },
    ];
    const user = renderForm({ initial: FILLED });
    await user.click(submitButton());

    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(SLOT_MESSAGES.notSaved));
    expect(assign).not.toHaveBeenCalled();
    expect(field('Date').value).toBe('2026-12-15');
    expect(screen.getByRole('combobox', { name: /Heure de début/ }).textContent).toContain('09:30');
    expect((within(group('Durée')).getByLabelText('1 h 30') as HTMLInputElement).checked).toBe(true);
    expect((within(group('Type de rencontre')).getByLabelText('Visite') as HTMLInputElement).checked).toBe(
      true,
    );
    expect((within(group('Public')).getByLabelText('Lycéens') as HTMLInputElement).checked).toBe(true);
    expect((within(group('Public')).getByLabelText('Demandeurs d’emploi') as HTMLInputElement).checked).toBe(
      true,
    );
    expect(field('Nombre de participants').value).toBe('24');
    expect(field('Description pour les participants').value).toBe('Visite des ateliers de forge.');
    expect((screen.getByRole('textbox', { name: /^Fonction/ }) as HTMLInputElement).value).toBe(
      'Responsable d’atelier',
    );
    expect(submitButton().getAttribute('aria-busy')).toBeNull();
  });

  it("puts the API's field errors under their fields", async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Certains champs sont à corriger.',
            extensions: {
              code: 'BAD_USER_INPUT',
              fields: { date: SLOT_MESSAGES.pastSlot, 'speaker.email': 'L’adresse e-mail est invalide' },
            },
          },
        ],
      },
    ];
    const user = renderForm({ initial: FILLED });
    await user.click(submitButton());
    await waitFor(() => expect(messageOf(field('Date'))).toBe(SLOT_MESSAGES.pastSlot));
    expect(messageOf(screen.getByRole('textbox', { name: /^Adresse e-mail/ }))).toBe(
      'L’adresse e-mail est invalide',
    );
    expect(screen.getByRole('alert').textContent).toBe('');
  });

  it('opens an edited slot with its values, warns that moving a booked one postpones it, and shows the capacity refused', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Certains champs sont à corriger.',
            extensions: {
              code: 'BAD_USER_INPUT',
              fields: { maxParticipants: SLOT_MESSAGES.capacityBelowBooked(12) },
            },
          },
        ],
      },
      {
        data: {
          slotUpdatePreview: {
            moved: true,
            changes: [
              {
                label: 'Date et heure',
                before: 'mardi 15 décembre 2026 à 09:30',
                after: 'mardi 15 décembre 2026 à 14:00',
              },
            ],
          },
        },
      },
      { data: { updateSlot: { id: '7' } } },
    ];
    const user = renderForm({
      slot: { id: 7, seatsTaken: 12, bookingsCount: 2 },
      initial: { ...FILLED, meetingType: 'Webinar', videoLink: 'https://visio.example.fr/forge' },
    });
    expect(field('Date').value).toBe('2026-12-15');
    expect(screen.getByRole('combobox', { name: /Heure de début/ }).textContent).toContain('09:30');
    expect((within(group('Durée')).getByLabelText('1 h 30') as HTMLInputElement).checked).toBe(true);
    expect(
      (within(group('Thèmes abordés')).getByLabelText('Découvrir les métiers') as HTMLInputElement).checked,
    ).toBe(true);
    expect(field('Lien de visioconférence externe').value).toBe('https://visio.example.fr/forge');
    expect((screen.getByRole('textbox', { name: /^Prénom/ }) as HTMLInputElement).value).toBe('Claire');
    expect(screen.getByText(/Ce créneau est réservé\s: 2 enseignants ont réservé 12 places/)).toBeTruthy();
    expect(screen.getByText(/leurs rendez-vous seront reportés et ils seront prévenus/)).toBeTruthy();

    await user.clear(field('Nombre de participants'));
    await user.type(field('Nombre de participants'), '10');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    await waitFor(() =>
      expect(messageOf(field('Nombre de participants'))).toContain(SLOT_MESSAGES.capacityBelowBooked(12)),
    );
    // A booked slot's edit asks first what it would do (the preview refuses as the change would).
    expect(server.requests[0]?.operationName).toBe('SlotUpdatePreview');
    expect(server.requests[0]?.variables.id).toBe(7);

    await user.clear(field('Nombre de participants'));
    await user.type(field('Nombre de participants'), '30');
    await chooseTime(user, '14:00');
    await user.click(screen.getByRole('button', { name: 'Enregistrer les modifications' }));
    const preview = await screen.findByTestId('slot-edit-preview');
    expect(preview.textContent).toContain('Les enseignants des 2 réservations seront prévenus par e-mail');
    expect(preview.textContent).toContain('les 2 réservations passeront en « Reportée »');
    expect(preview.textContent).toContain(
      'Date et heure : mardi 15 décembre 2026 à 09:30 → devient mardi 15 décembre 2026 à 14:00',
    );
    expect(assign).not.toHaveBeenCalled();
    await user.click(within(preview).getByRole('button', { name: 'Confirmer les modifications' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(SLOT_MOVED_PATH));
    expect(server.requests[2]?.operationName).toBe('UpdateSlot');
    expect(server.requests[2]?.variables).toMatchObject({
      id: 7,
      input: { time: '14:00', maxParticipants: 30 },
    });
  });

  it('names the zone of a company outside mainland France', () => {
    renderForm({ zoneName: 'heure de La Réunion' });
    expect(screen.getByText('La date et l’heure sont à l’heure de La Réunion.')).toBeTruthy();
  });
});

describe('SlotForm and the holidays (issue 20)', () => {
  it('warns, without refusing, when the date falls in the school holidays of the company’s zone or on a public holiday', async () => {
    renderForm({ departmentCode: '69', today: '2027-01-10' });
    const notices = screen.getByTestId('date-notices');
    expect(notices.textContent).toBe('');
    fireEvent.change(field('Date'), { target: { value: '2027-02-16' } });
    expect(notices.textContent).toContain('vacances d’hiver (zone A, du 13 février 2027 au 28 février 2027)');
    fireEvent.change(field('Date'), { target: { value: '2027-05-17' } });
    expect(notices.textContent).toBe('Cette date est un jour férié (Lundi de Pentecôte).');
    fireEvent.change(field('Date'), { target: { value: '2027-03-02' } });
    expect(notices.textContent).toBe('');
  });
});
