import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { WaitlistPanel, WaitlistSection } from './Waitlist.tsx';

const server = fakeGraphQL();

const SLOT = {
  id: 12,
  maxParticipants: 20,
  publicCategories: ['highSchool' as const],
  when: 'mardi 24 novembre 2026, 09:00 – 10:30',
};

const errorOf = (input: HTMLElement) =>
  document.getElementById(input.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent;

describe('WaitlistPanel', () => {
  it('refuses a group above the capacity under the field, keeps the value, then joins and says the position', async () => {
    const user = userEvent.setup();
    render(<WaitlistPanel slot={SLOT} companyName="Forges du Gier" entry={null} />);
    expect(screen.getByText('Ce créneau est complet.')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Rejoindre la liste d’attente' }));
    const size = screen.getByLabelText(/Taille du groupe/) as HTMLInputElement;
    await user.type(size, '25');
    await user.click(screen.getByRole('button', { name: 'M’inscrire sur la liste d’attente' }));
    expect(size.getAttribute('aria-invalid')).toBe('true');
    expect(errorOf(size)).toBe('Ce créneau accueille 20 participants au maximum');
    expect(size.value).toBe('25');
    expect(document.activeElement).toBe(size);
    expect(server.requests).toEqual([]);

    await user.clear(size);
    await user.type(size, '8');
    server.answers = [{ data: { joinWaitlist: { id: '5', position: 2, groupSize: 8 } } }];
    await user.click(screen.getByRole('button', { name: 'M’inscrire sur la liste d’attente' }));
    expect(server.requests[0]).toMatchObject({
      operationName: 'JoinWaitlist',
      variables: { slotId: '12', groupSize: 8, publicCategory: 'highSchool' },
    });
    expect(await screen.findByText(/Votre groupe est n° 2 sur la liste d’attente/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Quitter la liste d’attente' })).toBeTruthy();
  });

  it('shows the server’s refusal under the field', async () => {
    const user = userEvent.setup();
    render(<WaitlistPanel slot={SLOT} companyName="Forges du Gier" entry={null} />);
    await user.click(screen.getByRole('button', { name: 'Rejoindre la liste d’attente' }));
    await user.type(screen.getByLabelText(/Taille du groupe/), '3');
    server.answers = [
      {
        errors: [
          {
            message: 'Certains champs sont à corriger.',
            extensions: { code: 'BAD_USER_INPUT', fields: { groupSize: 'Indiquez au moins un participant' } },
          },
        ],
      },
    ];
    await user.click(screen.getByRole('button', { name: 'M’inscrire sur la liste d’attente' }));
    const size = screen.getByLabelText(/Taille du groupe/) as HTMLInputElement;
    await screen.findByText('Indiquez au moins un participant');
    expect(size.value).toBe('3');
  });

  it('accepts an offer only with the charter, then links to the meeting', async () => {
    const user = userEvent.setup();
    render(
      <WaitlistPanel
        slot={SLOT}
        companyName="Forges du Gier"
        entry={{
          id: 5,
          status: 'offered',
          position: 0,
          groupSize: 8,
          expiresLabel: 'mercredi 25 novembre 2026 à 10:00',
        }}
      />,
    );
    // Eight seats held: the sentence agrees with them from its first word (issue 36).
    expect(
      screen.getByText(
        /^Des places vous sont proposées jusqu’au mercredi 25 novembre 2026 à 10:00\s:\s8 places vous sont réservées\.$/,
      ),
    ).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Accepter' }));
    const charter = screen.getByRole('checkbox', { name: /charte de bonne conduite/ });
    expect(errorOf(charter)).toBe(MESSAGES.acceptCharter);
    expect(server.requests).toEqual([]);
    await user.click(charter);
    server.answers = [{ data: { acceptWaitlistOffer: { id: '77' } } }];
    await user.click(screen.getByRole('button', { name: 'Accepter' }));
    const link = await screen.findByRole('link', { name: 'Voir mon rendez-vous' });
    expect(link.getAttribute('href')).toBe('/meetings-teacher/meeting-details?id=77');
  });
});

describe('WaitlistSection', () => {
  it('declines an offer and drops it from the list', async () => {
    const user = userEvent.setup();
    render(
      <WaitlistSection
        items={[
          {
            id: 5,
            status: 'offered',
            position: 0,
            groupSize: 8,
            expiresLabel: 'mercredi 25 novembre 2026 à 10:00',
            companyName: 'Forges du Gier',
            companyUrl: '/company-details?id=3',
            when: SLOT.when,
          },
        ]}
      />,
    );
    server.answers = [{ data: { leaveWaitlist: true } }];
    await user.click(screen.getByRole('button', { name: 'Refuser' }));
    expect(await screen.findByText(/Vous avez refusé la place/)).toBeTruthy();
    expect(screen.getByText('Vous n’êtes sur aucune liste d’attente.')).toBeTruthy();
    expect(server.requests[0]).toMatchObject({ operationName: 'LeaveWaitlist', variables: { id: '5' } });
  });

  it('says a booking’s request for more seats as such, not as a group of its own', () => {
    render(
      <WaitlistPanel
        slot={SLOT}
        companyName="Forges du Gier"
        entry={{ id: 3, status: 'waiting', position: 1, groupSize: 4, expiresLabel: null, forBooking: true }}
      />,
    );
    expect(screen.getByText(/4 places demandées en plus de votre réservation/)).toBeTruthy();
    expect(screen.queryByText(/Groupe de/)).toBeNull();
  });
});
