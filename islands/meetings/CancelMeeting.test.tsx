import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { TransportHelp } from '../transport/TransportHelp.tsx';
import { CancelMeeting, type CancelMeetingProps } from './CancelMeeting.tsx';

const server = fakeGraphQL();

const PROPS: CancelMeetingProps = {
  meetingId: 7,
  side: 'teacher',
  status: 'confirmed',
  canCancel: true,
  when: 'mardi 24 novembre 2026, 09:00 – 10:30',
  company: { name: 'Forges du Gier', phone: '0478000000' },
  cancelledBy: null,
  cancelReason: null,
  calendarUrl: 'http://localhost:3000/calendar/meetings/7.ics',
};

const status = () => within(screen.getByRole('region', { name: /Statut/ }));

describe('CancelMeeting', () => {
  it('asks for confirmation first, tells a teacher to phone the company, then shows the meeting cancelled', async () => {
    server.answers = [
      {
        data: {
          cancelMeeting: {
            id: '7',
            status: 'cancelled',
            cancelReason: 'Grève des cars',
            cancelledBy: 'teacher',
            transportRequest: null,
          },
        },
      },
    ];
    const user = userEvent.setup();
    render(<CancelMeeting {...PROPS} />);
    expect(status().getByText('Confirmé')).toBeTruthy();
    expect(status().getByRole('link', { name: 'Ajouter à mon agenda' }).getAttribute('href')).toBe(
      PROPS.calendarUrl,
    );

    await user.click(screen.getByRole('button', { name: 'Annuler le rendez-vous' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Annuler ce rendez-vous ?' }));
    expect(server.requests).toEqual([]);
    expect(dialog.getByText(/Prévenez aussi Forges du Gier par téléphone/)).toBeTruthy();
    expect(dialog.getByRole('link', { name: '04 78 00 00 00' }).getAttribute('href')).toBe('tel:0478000000');
    await user.type(dialog.getByLabelText(/Motif de l’annulation/), 'Grève des cars');
    await user.click(dialog.getByRole('button', { name: 'Confirmer l’annulation' }));

    expect(await screen.findByText(/Le rendez-vous est annulé\. L’entreprise a été prévenue/)).toBeTruthy();
    expect(server.requests).toEqual([
      expect.objectContaining({
        operationName: 'CancelMeeting',
        variables: { id: '7', reason: 'Grève des cars' },
      }),
    ]);
    expect(status().getByText('Annulé')).toBeTruthy();
    expect(screen.getByText('Vous avez annulé ce rendez-vous.')).toBeTruthy();
    expect(screen.getByText('Motif : Grève des cars')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Annuler le rendez-vous' })).toBeNull();
    expect(screen.queryByRole('dialog')).toBeNull();
    // A cancelled meeting has no place in a calendar: the link goes at once, not at the next visit.
    expect(screen.queryByRole('link', { name: 'Ajouter à mon agenda' })).toBeNull();
  });

  it('tells the page’s other islands what the API answered: the transport request ends with the meeting', async () => {
    server.answers = [
      {
        data: {
          cancelMeeting: {
            id: '7',
            status: 'cancelled',
            cancelReason: null,
            cancelledBy: 'teacher',
            transportRequest: { status: 'cancelled' },
          },
        },
      },
    ];
    const user = userEvent.setup();
    render(
      <>
        <CancelMeeting {...PROPS} />
        <TransportHelp
          meetingId={7}
          participantsCount={12}
          canRequest={false}
          defaultDeparture={null}
          request={{
            id: 3,
            status: 'pending',
            groupSize: 12,
            departure: '1 rue du Lycée 69003 Lyon',
            comment: null,
            answer: null,
            createdAt: '2026-11-20T09:00:00.000Z',
            answeredAt: null,
          }}
        />
      </>,
    );
    expect(screen.getByText('En attente de réponse')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Annuler le rendez-vous' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer l’annulation' }),
    );
    expect(await screen.findByText('Annulée avec le rendez-vous')).toBeTruthy();
    expect(screen.queryByText('En attente de réponse')).toBeNull();
  });

  it('takes back the transport request’s « envoyée » notice of this visit once the meeting is cancelled', async () => {
    server.answers = [
      {
        data: {
          requestTransportHelp: {
            id: '5',
            status: 'pending',
            groupSize: 12,
            comment: null,
            answer: null,
            createdAt: '2026-11-23T08:00:00.000Z',
            answeredAt: null,
            departureAddress: { label: '1 rue du Lycée 69003 Lyon' },
          },
        },
      },
      {
        data: {
          cancelMeeting: {
            id: '7',
            status: 'cancelled',
            cancelReason: null,
            cancelledBy: 'teacher',
            transportRequest: { status: 'cancelled' },
          },
        },
      },
    ];
    const user = userEvent.setup();
    render(
      <>
        <CancelMeeting {...PROPS} />
        <TransportHelp
          meetingId={7}
          participantsCount={12}
          canRequest
          defaultDeparture={{
            label: '1 rue du Lycée 69003 Lyon',
            zipcode: '69003',
            city: 'Lyon',
            departmentCode: '69',
            lat: 45.76,
            lng: 4.85,
          }}
          request={null}
        />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Demander une aide au transport' }));
    await user.click(screen.getByRole('button', { name: 'Envoyer la demande' }));
    expect(await screen.findByText(/Votre demande est envoyée/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Annuler le rendez-vous' }));
    await user.click(
      within(screen.getByRole('dialog')).getByRole('button', { name: 'Confirmer l’annulation' }),
    );
    expect(await screen.findByText('Annulée avec le rendez-vous')).toBeTruthy();
    expect(screen.queryByText(/Votre demande est envoyée/)).toBeNull();
  });

  it('lets the dialog go back without cancelling', async () => {
    const user = userEvent.setup();
    render(<CancelMeeting {...PROPS} />);
    await user.click(screen.getByRole('button', { name: 'Annuler le rendez-vous' }));
    await user.click(screen.getByRole('button', { name: 'Garder le rendez-vous' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(server.requests).toEqual([]);
    expect(status().getByText('Confirmé')).toBeTruthy();
  });

  it('does not ask a company to phone itself, and shows a refusal inside the dialog', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Ce rendez-vous a déjà commencé ou a déjà été annulé : il ne peut plus être annulé.',
            extensions: { code: 'meeting_not_cancellable' },
          },
        ],
      },
    ];
    const user = userEvent.setup();
    render(<CancelMeeting {...PROPS} side="company" />);
    await user.click(screen.getByRole('button', { name: 'Annuler le rendez-vous' }));
    const dialog = within(screen.getByRole('dialog'));
    expect(dialog.queryByText(/Prévenez aussi/)).toBeNull();
    expect(dialog.getByText(/L’enseignant sera prévenu par e-mail/)).toBeTruthy();
    await user.click(dialog.getByRole('button', { name: 'Confirmer l’annulation' }));
    expect(await dialog.findByText(/il ne peut plus être annulé/)).toBeTruthy();
    expect(server.requests[0]?.variables).toEqual({ id: '7', reason: null });
    expect(status().getByText('Confirmé')).toBeTruthy();
  });

  it('shows a postponed meeting’s new time, and the teacher keeps their seat', async () => {
    server.answers = [{ data: { keepMeeting: { id: '7', status: 'confirmed' } } }];
    const user = userEvent.setup();
    render(<CancelMeeting {...PROPS} status="reported" />);
    expect(status().getByText('Reporté')).toBeTruthy();
    expect(screen.getByText('Nouvel horaire :')).toBeTruthy();
    expect(screen.getByText('mardi 24 novembre 2026, 09:00 – 10:30')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Je garde ma place' }));
    expect(await screen.findByText(/Vous gardez votre place/)).toBeTruthy();
    expect(server.requests[0]).toMatchObject({ operationName: 'KeepMeeting', variables: { id: '7' } });
    expect(status().getByText('Confirmé')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Je garde ma place' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Annuler le rendez-vous' })).toBeTruthy();
  });

  it('offers nothing to do on a meeting that has started or was cancelled', () => {
    render(
      <CancelMeeting
        {...PROPS}
        status="cancelled"
        canCancel={false}
        cancelledBy="company"
        cancelReason="Atelier fermé"
      />,
    );
    expect(status().getByText('Annulé')).toBeTruthy();
    expect(screen.getByText('L’entreprise a annulé ce rendez-vous.')).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('link', { name: 'Ajouter à mon agenda' })).toBeNull();
  });

  it('on a meeting’s card: old → new, and the teacher keeps their seat or cancels there', async () => {
    server.answers = [{ data: { keepMeeting: { id: '7', status: 'confirmed' } } }];
    const user = userEvent.setup();
    render(
      <CancelMeeting
        {...PROPS}
        status="reported"
        compact
        previousWhen="lundi 23 novembre 2026, 14:00 – 15:30"
      />,
    );
    expect(screen.queryByRole('heading', { name: 'Statut' })).toBeNull();
    expect(screen.getByText('Ancien horaire :')).toBeTruthy();
    expect(screen.getByText('lundi 23 novembre 2026, 14:00 – 15:30')).toBeTruthy();
    expect(screen.getByText('mardi 24 novembre 2026, 09:00 – 10:30')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'J’annule' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Je garde ma place' }));
    expect(await screen.findByText(/Vous gardez votre place/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'J’annule' })).toBeNull();
  });
});
