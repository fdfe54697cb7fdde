import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { MarkAbsent, type MarkAbsentProps } from './MarkAbsent.tsx';

const server = fakeGraphQL();
const PROPS: MarkAbsentProps = {
  meetingId: 9,
  absent: false,
  canMarkAbsent: true,
  endsAt: '2026-11-23T10:00:00.000Z',
  timeZone: 'Europe/Paris',
};
const region = () => within(screen.getByRole('region', { name: 'Présence du groupe' }));

describe('MarkAbsent', () => {
  it('says until when an absence may be reported, confirms, then shows it reported', async () => {
    server.answers = [{ data: { markAbsent: { id: '9', absent: true } } }];
    const user = userEvent.setup();
    render(<MarkAbsent {...PROPS} />);
    expect(region().getByText(/jusqu’au lundi 30 novembre 2026/)).toBeTruthy();
    await user.click(region().getByRole('button', { name: 'Signaler l’absence du groupe' }));
    expect(server.requests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Confirmer l’absence' }));
    expect(await region().findByText(/Vous avez signalé que le groupe n’est pas venu/)).toBeTruthy();
    expect(server.requests).toEqual([
      expect.objectContaining({ operationName: 'MarkAbsent', variables: { id: '9' } }),
    ]);
    expect(region().queryByRole('button')).toBeNull();
  });

  it('shows a refusal in the dialog, and offers nothing once the window is closed', async () => {
    server.answers = [
      {
        errors: [
          {
            message:
              'Le délai pour signaler l’absence d’un groupe est dépassé : 7 jours après la fin du rendez-vous.',
            extensions: { code: 'absence_window_closed' },
          },
        ],
      },
    ];
    const user = userEvent.setup();
    const { unmount } = render(<MarkAbsent {...PROPS} />);
    await user.click(region().getByRole('button', { name: 'Signaler l’absence du groupe' }));
    await user.click(screen.getByRole('button', { name: 'Confirmer l’absence' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/délai pour signaler/);
    unmount();
    render(<MarkAbsent {...PROPS} canMarkAbsent={false} />);
    expect(region().getByText('Le groupe est venu : aucune absence n’a été signalée.')).toBeTruthy();
    expect(region().queryByRole('button')).toBeNull();
  });
});
