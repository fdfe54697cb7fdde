import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_MESSAGES } from '../../common/accounts.ts';
import { TRANSPORT_MESSAGES } from '../../common/transport.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { folded } from '../../tests/fixtures/text.ts';
import { TRANSPORT_SENT, TransportHelp, type TransportHelpProps } from './TransportHelp.tsx';

const server = fakeGraphQL();

const SCHOOL = {
  label: '14 rue Paul Bert 69200 Vénissieux',
  zipcode: '69200',
  city: 'Vénissieux',
  departmentCode: '69',
  lat: 45.6975,
  lng: 4.8867,
};
const PROPS: TransportHelpProps = {
  meetingId: 31,
  participantsCount: 18,
  request: null,
  canRequest: true,
  defaultDeparture: SCHOOL,
};
const region = () => within(screen.getByRole('region', { name: 'Aide au transport' }));

describe('TransportHelp', () => {
  it('asks from the establishment by default, refuses a group larger than the booking, then sends the request', async () => {
    const user = userEvent.setup();
    render(<TransportHelp {...PROPS} />);
    await user.click(region().getByRole('button', { name: 'Demander une aide au transport' }));
    expect((region().getByRole('combobox', { name: /Adresse de départ/ }) as HTMLInputElement).value).toBe(
      SCHOOL.label,
    );
    const size = region().getByLabelText(/Nombre de personnes à transporter/);
    expect((size as HTMLInputElement).value).toBe('18');
    await user.clear(size);
    await user.type(size, '19');
    await user.type(region().getByLabelText('Commentaire (facultatif)'), 'Départ à 8 h.');
    await user.click(region().getByRole('button', { name: 'Envoyer la demande' }));
    expect(server.requests).toEqual([]);
    expect(region().getByText(folded(TRANSPORT_MESSAGES.groupSizeAboveBooking(18)))).toBeTruthy();
    expect(document.activeElement).toBe(size);

    server.answers = [
      {
        data: {
          requestTransportHelp: {
            id: '5',
            status: 'pending',
            groupSize: 15,
            comment: 'Départ à 8 h.',
            answer: null,
            createdAt: '2026-11-23T08:00:00.000Z',
            answeredAt: null,
            departureAddress: { label: SCHOOL.label },
          },
        },
      },
    ];
    await user.clear(size);
    await user.type(size, '15');
    await user.click(region().getByRole('button', { name: 'Envoyer la demande' }));
    expect(await region().findByText(TRANSPORT_SENT)).toBeTruthy();
    expect(server.requests[0]?.variables).toEqual({
      input: {
        meetingId: '31',
        groupSize: 15,
        departureAddress: {
          label: SCHOOL.label,
          zipcode: '69200',
          city: 'Vénissieux',
          lat: 45.6975,
          lng: 4.8867,
        },
        comment: 'Départ à 8 h.',
      },
    });
    expect(region().getByText('En attente de réponse')).toBeTruthy();
    expect(region().getByText('15 personnes')).toBeTruthy();
    expect(region().queryByRole('button', { name: 'Demander une aide au transport' })).toBeNull();
  });

  it('asks for a departure chosen among the suggestions, and shows the server’s refusal under its field', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<TransportHelp {...PROPS} defaultDeparture={null} />);
    await user.click(region().getByRole('button', { name: 'Demander une aide au transport' }));
    await user.click(region().getByRole('button', { name: 'Envoyer la demande' }));
    expect(region().getByText(folded(ACCOUNT_MESSAGES.addressFromSuggestions))).toBeTruthy();
    expect(server.requests).toEqual([]);
    unmount();

    server.answers = [
      {
        errors: [
          {
            message: 'Certains champs sont à corriger.',
            extensions: {
              code: 'BAD_USER_INPUT',
              fields: { 'departureAddress.lat': ACCOUNT_MESSAGES.pointOutsidePostcode },
            },
          },
        ],
      },
    ];
    render(<TransportHelp {...PROPS} />);
    await user.click(region().getByRole('button', { name: 'Demander une aide au transport' }));
    await user.click(region().getByRole('button', { name: 'Envoyer la demande' }));
    expect(await region().findByText(folded(ACCOUNT_MESSAGES.pointOutsidePostcode))).toBeTruthy();
    expect(
      region()
        .getByRole('combobox', { name: /Adresse de départ/ })
        .getAttribute('aria-invalid'),
    ).toBe('true');
  });

  it('shows the operators’ answer on a request already answered, with nothing more to ask', () => {
    render(
      <TransportHelp
        {...PROPS}
        canRequest={false}
        request={{
          id: 5,
          status: 'accepted',
          groupSize: 15,
          departure: SCHOOL.label,
          comment: null,
          answer: 'Un car à 8 h devant le collège.',
          createdAt: '2026-11-20T08:00:00.000Z',
          answeredAt: '2026-11-21T08:00:00.000Z',
        }}
      />,
    );
    expect(region().getByText('Acceptée')).toBeTruthy();
    expect(region().getByText('Un car à 8 h devant le collège.')).toBeTruthy();
    expect(region().queryByRole('button')).toBeNull();
  });
});
