import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { MeetingLinkAction } from './MeetingLinkAction.tsx';

const server = fakeGraphQL();
afterEach(cleanup);

describe('MeetingLinkAction', () => {
  it('confirms only when the button is pressed, and says a confirmation already given', async () => {
    render(<MeetingLinkAction token="abc" action="confirm" side="teacher" timeZone="Europe/Paris" />);
    expect(server.requests).toEqual([]);
    server.answers.push({
      data: { confirmMeetingFromLink: { confirmedAt: '2026-03-10T09:00:00.000Z', alreadyConfirmed: true } },
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Je confirme ma présence' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Vous aviez déjà confirmé votre présence le mardi 10 mars 2026 à 10:00.',
      ),
    );
    expect(server.requests[0]?.variables).toEqual({ token: 'abc' });
  });

  it('releases with the reason, and shows the refusal in French', async () => {
    render(<MeetingLinkAction token="abc" action="release" side="company" timeZone="Europe/Paris" />);
    await userEvent.setup().type(screen.getByLabelText(/Motif/), 'Atelier fermé');
    server.answers.push({
      errors: [
        {
          message: 'Ce rendez-vous est déjà annulé : il n’y a plus rien à faire.',
          extensions: { code: 'meeting_already_cancelled' },
        },
      ],
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Annuler le rendez-vous' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/déjà annulé/));
    expect(server.requests[0]?.variables).toEqual({ token: 'abc', reason: 'Atelier fermé' });
  });
});
