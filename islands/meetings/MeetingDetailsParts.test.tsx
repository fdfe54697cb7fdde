import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MeetingPlace } from './MeetingDetailsParts.tsx';

/** A meeting's place on its details page: the built-in room comes with « Tester ma connexion » (issue 38). */
describe('MeetingPlace', () => {
  it('links the built-in room and its connection test', () => {
    render(
      <MeetingPlace
        meeting={{ meetingType: 'Webinar', place: '/meeting-videoconference/7', videoLink: null }}
      />,
    );
    expect(
      screen
        .getByRole('link', { name: 'Salle de visioconférence Passerelle Industrie' })
        .getAttribute('href'),
    ).toBe('/meeting-videoconference/7');
    expect(screen.getByRole('link', { name: 'Tester ma connexion avant le jour' }).getAttribute('href')).toBe(
      '/test-connexion',
    );
  });

  it('offers no test for the company’s own link, a platform without the room, or a visit', () => {
    const places = [
      {
        meetingType: 'Webinar',
        place: 'https://visio.example.fr/forges',
        videoLink: 'https://visio.example.fr/forges',
      },
      { meetingType: 'Webinar', place: 'Lien communiqué par l’entreprise', videoLink: null },
      { meetingType: 'CompanyVisit', place: '12 rue de l’Usine, 69200 Vénissieux', videoLink: null },
    ] as const;
    for (const meeting of places) {
      const { unmount } = render(<MeetingPlace meeting={meeting} />);
      expect(screen.queryByRole('link', { name: 'Tester ma connexion avant le jour' })).toBeNull();
      unmount();
    }
  });
});
