import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import type { BookedMeeting } from './BookingForm.tsx';
import { SlotCard, type SlotCardData } from './SlotCard.tsx';

const server = fakeGraphQL();

const SLOT: SlotCardData = {
  id: 12,
  date: 'mardi 24 novembre 2026',
  hours: '09:00 – 10:30',
  durationMinutes: 90,
  meetingType: 'CompanyVisit',
  publicCategories: ['highSchool'],
  subjects: [],
  maxParticipants: 20,
  seatsLeft: 8,
  state: 'notComplete',
  description: null,
  myMeetingUrl: null,
};

const booked = (seatsLeft: number): BookedMeeting => ({
  id: '42',
  participantsCount: 3,
  place: '12 rue des Forges 69700 Givors',
  videoLink: null,
  slotSeats: { seatsLeft, state: seatsLeft === 0 ? 'reserved' : 'notComplete' },
});

const seats = () => screen.getByText('Places restantes').nextElementSibling?.textContent;
const state = () => screen.getByText(/^État\s:/).parentElement?.textContent;

async function book(participants: string) {
  const user = userEvent.setup();
  render(<SlotCard slot={SLOT} bookable companyName="Forges du Gier" />);
  await user.click(screen.getByRole('button', { name: 'Réserver ce créneau' }));
  await user.type(screen.getByLabelText(/Nombre de participants/), participants);
  await user.click(screen.getByRole('checkbox', { name: /charte de bonne conduite/ }));
  await user.click(screen.getByRole('button', { name: 'Confirmer la réservation' }));
}

describe('SlotCard', () => {
  it('shows the seats left and the state the server gives after a booking, without a reload', async () => {
    server.answers = [{ data: { bookSlot: booked(4) } }];
    await book('3');
    await screen.findByRole('heading', { name: 'Votre réservation est confirmée' });
    expect(seats()).toBe('4 sur 20');
    expect(state()).toBe('État : Non complet');
    const card = screen.getByRole('article', { name: /mardi 24 novembre 2026/ });
    expect(within(card).getByRole('link', { name: 'Ajouter à mon agenda' })).toBeTruthy();
  });

  it('reads as full once the last seats are taken', async () => {
    server.answers = [{ data: { bookSlot: booked(0) } }];
    await book('8');
    await screen.findByRole('heading', { name: 'Votre réservation est confirmée' });
    expect(seats()).toBe('0 sur 20');
    expect(state()).toBe('État : Complet');
  });

  it('shows the seats left that a refusal for want of seats gives', async () => {
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
    await book('5');
    await screen.findByText(/Il reste 2 places/, { selector: '[role="alert"]' });
    expect(seats()).toBe('2 sur 20');
  });

  it('is the same card, without the form, for the company', () => {
    render(<SlotCard slot={SLOT} bookable={false} companyName="Forges du Gier" />);
    expect(seats()).toBe('8 sur 20');
    expect(state()).toBe('État : Non complet');
    expect(screen.queryByRole('button', { name: 'Réserver ce créneau' })).toBeNull();
  });
});
