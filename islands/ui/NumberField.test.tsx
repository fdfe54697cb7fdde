import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { NUMBER_INPUT_DEFAULTS } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { NumberField } from './NumberField.tsx';

afterEach(cleanup);

describe('NumberField', () => {
  it('is a number input bounded by the spec defaults', async () => {
    const user = userEvent.setup();
    render(<NumberField label="Nombre de participants" required />);
    const input = screen.getByRole('spinbutton', { name: 'Nombre de participants (obligatoire)' });
    expect(input.getAttribute('min')).toBe(String(NUMBER_INPUT_DEFAULTS.min));
    expect(input.getAttribute('max')).toBe(String(NUMBER_INPUT_DEFAULTS.max));
    await user.type(input, '12');
    expect((input as HTMLInputElement).value).toBe('12');
  });

  it('accepts other bounds and shows its error', () => {
    render(<NumberField label="Places" min={2} max={40} error={MESSAGES.numberTooLarge(40)} />);
    const input = screen.getByRole('spinbutton', { name: 'Places' });
    expect(input.getAttribute('min')).toBe('2');
    expect(input.getAttribute('max')).toBe('40');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MESSAGES.numberTooLarge(40)).id).toBe(input.getAttribute('aria-describedby'));
  });
});
