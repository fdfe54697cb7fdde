import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { FEEDBACK_MESSAGES } from '../../common/feedback.ts';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { folded } from '../../tests/fixtures/text.ts';
import { FEEDBACK_THANKS, FeedbackForm } from './FeedbackForm.tsx';

const server = fakeGraphQL();
const group = (name: RegExp) => within(screen.getByRole('group', { name }));

describe('FeedbackForm', () => {
  it('asks again for the missing answers, keeping what was typed, then sends them and thanks the teacher', async () => {
    const user = userEvent.setup();
    render(<FeedbackForm meetingId={12} />);
    await user.type(screen.getByLabelText(/Qu’est-ce qui vous a plu/), 'La soudure.');
    await user.click(group(/L’organisation de la rencontre/).getByLabelText('Très satisfait'));
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));

    expect(server.requests).toEqual([]);
    expect(screen.getAllByText(folded(FEEDBACK_MESSAGES.chooseRating))).toHaveLength(2);
    expect(
      screen.getByRole('group', { name: /L’adéquation avec votre groupe/ }).getAttribute('aria-invalid'),
    ).toBe('true');
    expect(document.activeElement).toBe(
      group(/L’adéquation avec votre groupe/).getByLabelText('Pas satisfait'),
    );
    expect((screen.getByLabelText(/Qu’est-ce qui vous a plu/) as HTMLTextAreaElement).value).toBe(
      'La soudure.',
    );

    server.answers = [
      {
        data: {
          submitFeedback: {
            id: '3',
            organisation: 4,
            matching: 3,
            engagement: 2,
            liked: 'La soudure.',
            suggestions: null,
          },
        },
      },
    ];
    await user.click(group(/L’adéquation avec votre groupe/).getByLabelText('Satisfait'));
    await user.click(group(/L’implication de l’entreprise/).getByLabelText('Peu satisfait'));
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));

    expect(await screen.findByText(folded(FEEDBACK_THANKS))).toBeTruthy();
    expect(server.requests).toEqual([
      {
        operationName: 'SubmitFeedback',
        query: expect.any(String),
        variables: {
          input: { meetingId: '12', organisation: 4, matching: 3, engagement: 2, liked: 'La soudure.' },
        },
      },
    ]);
    expect(screen.getByText('Peu satisfait')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe(FEEDBACK_THANKS);
  });

  it('says so when the answers were already given, and keeps the form as it was', async () => {
    server.answers = [
      {
        errors: [
          {
            message: 'Vous avez déjà donné votre avis sur ce rendez-vous.',
            extensions: { code: 'feedback_already_given' },
          },
        ],
      },
    ];
    const user = userEvent.setup();
    render(<FeedbackForm meetingId={12} />);
    for (const name of [/L’organisation/, /L’adéquation/, /L’implication/]) {
      await user.click(group(name).getByLabelText('Satisfait'));
    }
    await user.click(screen.getByRole('button', { name: 'Envoyer mon avis' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Vous avez déjà donné votre avis sur ce rendez-vous.',
    );
    expect((group(/L’implication/).getByLabelText('Satisfait') as HTMLInputElement).checked).toBe(true);
  });
});
