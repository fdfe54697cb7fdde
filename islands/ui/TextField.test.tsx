import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '../../common/messages.ts';
import { TextField } from './TextField.tsx';

afterEach(cleanup);

describe('TextField', () => {
  it('labels the input and takes typed text', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<TextField label="Prénom" name="firstName" onChange={onChange} />);
    const input = screen.getByRole('textbox', { name: 'Prénom' });
    expect(input.getAttribute('type')).toBe('text');
    expect(input.className).toContain('h-input');
    await user.tab();
    expect(document.activeElement).toBe(input);
    await user.keyboard('Jeanne');
    expect((input as HTMLInputElement).value).toBe('Jeanne');
    expect(onChange).toHaveBeenCalledTimes(6);
  });

  it('marks a required field with a hidden asterisk and a spoken "(obligatoire)"', () => {
    const { container } = render(<TextField label="E-mail" type="email" required />);
    const input = screen.getByRole('textbox', { name: 'E-mail (obligatoire)' });
    expect(input.getAttribute('type')).toBe('email');
    expect(input.hasAttribute('required')).toBe(true);
    const asterisk = container.querySelector('label [aria-hidden="true"]');
    expect(asterisk?.textContent).toBe('*');
  });

  it('shows the error under the field and links it to the input', () => {
    render(<TextField label="E-mail" type="email" error={MESSAGES.invalidEmail} aria-describedby="aide" />);
    const input = screen.getByRole('textbox', { name: 'E-mail' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText(MESSAGES.invalidEmail);
    expect(input.getAttribute('aria-describedby')?.split(' ')).toEqual(['aide', error.id]);
    expect(input.compareDocumentPosition(error) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('has no aria-invalid nor description without error', () => {
    render(<TextField label="Téléphone" type="tel" id="phone" />);
    const input = screen.getByRole('textbox', { name: 'Téléphone' });
    expect(input.id).toBe('phone');
    expect(input.hasAttribute('aria-invalid')).toBe(false);
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('supports password and date inputs', () => {
    render(
      <>
        <TextField label="Mot de passe" type="password" />
        <TextField label="Date" type="date" />
      </>,
    );
    expect(screen.getByLabelText('Mot de passe').getAttribute('type')).toBe('password');
    expect(screen.getByLabelText('Date').getAttribute('type')).toBe('date');
  });
});
