import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { TransportRequestForOperators } from '../../common/transport.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { toast } from '../ui/toast-store.ts';
import { TransportRequests } from './TransportRequests.tsx';

const server = fakeGraphQL();
afterEach(() => act(() => toast.clear()));

const request = (id: number, teacherName: string): TransportRequestForOperators => ({
  id,
  status: 'pending',
  groupSize: 12,
  departure: '14 rue Paul Bert 69200 Vénissieux',
  comment: `Demande ${id}`,
  answer: null,
  createdAt: '2026-11-20T08:00:00.000Z',
  answeredAt: null,
  meeting: {
    id: 100 + id,
    companyName: 'Forges du Gier',
    teacherName,
    teacherEmail: 'prof@lycee.example',
    teacherPhone: null,
    establishmentName: 'Lycée Jacquard',
    startsAt: '2026-12-01T14:30:00.000Z',
    endsAt: '2026-12-01T16:00:00.000Z',
    timeZone: 'Europe/Paris',
    participantsCount: 12,
    place: 'Zone industrielle, 69700 Givors',
  },
});

const pendingList = () => within(screen.getByRole('region', { name: 'Demandes en attente' }));
const handledList = () => within(screen.getByRole('region', { name: 'Demandes traitées récemment' }));

describe('TransportRequests', () => {
  it('accepts a request with a required message; it moves to the handled ones', async () => {
    server.answers = [
      {
        data: {
          answerTransportRequest: {
            id: '1',
            status: 'accepted',
            answer: 'Un car à 8 h.',
            answeredAt: '2026-11-23T08:00:00.000Z',
          },
        },
      },
    ];
    const user = userEvent.setup();
    render(<TransportRequests pending={[request(1, 'Inès Roux'), request(2, 'Paul Petit')]} others={[]} />);
    await user.click(pendingList().getByRole('button', { name: 'Accepter la demande d’Inès Roux' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Accepter la demande d’Inès Roux ?' }));
    await user.click(dialog.getByRole('button', { name: 'Accepter la demande' }));
    expect(dialog.getByText('Ce champ est requis')).toBeTruthy();
    expect(server.requests).toEqual([]);
    await user.type(dialog.getByLabelText(/Message pour l’enseignant/), 'Un car à 8 h.');
    await user.click(dialog.getByRole('button', { name: 'Accepter la demande' }));

    expect(
      await screen.findByText('La demande est acceptée. L’enseignant a été prévenu par e-mail.'),
    ).toBeTruthy();
    expect(server.requests[0]).toMatchObject({
      operationName: 'AnswerTransportRequest',
      variables: { id: '1', status: 'accepted', answer: 'Un car à 8 h.' },
    });
    expect(pendingList().queryByText('Demande 1')).toBeNull();
    expect(pendingList().getByText('Demande 2')).toBeTruthy();
    expect(handledList().getByText('Un car à 8 h.')).toBeTruthy();
    expect(handledList().getByText('Acceptée')).toBeTruthy();
  });

  it('drops a request another operator answered meanwhile, saying so', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Cette demande a déjà reçu une réponse, ou elle a été annulée avec son rendez-vous.',
            extensions: { code: 'transport_request_closed' },
          },
        ],
      },
    ];
    const user = userEvent.setup();
    render(<TransportRequests pending={[request(1, 'Inès Roux')]} others={[]} />);
    await user.click(pendingList().getByRole('button', { name: 'Refuser la demande d’Inès Roux' }));
    await user.type(screen.getByLabelText(/Message pour l’enseignant/), 'Plus de budget.');
    await user.click(screen.getByRole('button', { name: 'Refuser la demande' }));
    expect(await screen.findByText(/a déjà reçu une réponse/)).toBeTruthy();
    expect(pendingList().getByText('Aucune demande n’attend de réponse.')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
