import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { SlotStateBadge, seatsSummary } from './SlotSummary.tsx';

const seats = { seatsTaken: 4, seatsLeft: 16, maxParticipants: 20 };

describe('a company’s slot on its own pages', () => {
  it('says its seats left while it is to come', () => {
    expect(seatsSummary({ ...seats, ended: false })).toBe('4 places réservées sur 20, 16 restantes');
    expect(renderToStaticMarkup(<SlotStateBadge slot={{ state: 'notComplete', ended: false }} />)).toContain(
      'Non complet',
    );
  });

  it('says it is past once over, with what was booked and no seats « restantes »', () => {
    expect(seatsSummary({ ...seats, ended: true })).toBe('4 places réservées sur 20');
    expect(seatsSummary({ seatsTaken: 0, seatsLeft: 20, maxParticipants: 20, ended: true })).toBe(
      'Aucune réservation',
    );
    const badge = renderToStaticMarkup(<SlotStateBadge slot={{ state: 'notComplete', ended: true }} />);
    expect(badge).toContain('Passé');
    expect(badge).not.toContain('Non complet');
  });
});
