import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeGraphQL } from '../../tests/fixtures/fake-graphql.ts';
import { EmailChangeConfirmation } from './EmailChangeConfirmation.tsx';

const server = fakeGraphQL();
afterEach(cleanup);

describe('EmailChangeConfirmation', () => {
  it('sends nothing until the button is pressed, then says the address is the account’s', async () => {
    render(<EmailChangeConfirmation token="abc" />);
    expect(server.requests).toEqual([]);
    server.answers.push({ data: { confirmEmailChange: true } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmer ma nouvelle adresse' }));
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch(/est confirmée/));
    expect(server.requests[0]?.variables).toEqual({ token: 'abc' });
  });

  it('says a spent or expired link is invalid', async () => {
    render(<EmailChangeConfirmation token="abc" />);
    server.answers.push({
      errors: [
        {
          message: 'Certains champs sont à corriger.',
          extensions: {
            code: 'BAD_USER_INPUT',
            fields: { token: 'Ce lien de confirmation est invalide ou a expiré.' },
          },
        },
      ],
    });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Confirmer ma nouvelle adresse' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/invalide ou a expiré/));
  });
});
