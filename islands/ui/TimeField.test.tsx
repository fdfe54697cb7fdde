import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TIME_INPUT_DEFAULTS } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { TimeField } from './TimeField.tsx';

afterEach(cleanup);

describe('TimeField', () => {
  it('is a time input from 01:00 to 23:00 by half hours', () => {
    render(<TimeField label="Heure" name="hour" defaultValue="09:30" />);
    const input = screen.getByLabelText('Heure') as HTMLInputElement;
    expect(input.type).toBe('time');
    expect(input.getAttribute('min')).toBe(TIME_INPUT_DEFAULTS.min);
    expect(input.getAttribute('max')).toBe(TIME_INPUT_DEFAULTS.max);
    expect(input.getAttribute('step')).toBe(String(TIME_INPUT_DEFAULTS.stepSeconds));
    expect(input.value).toBe('09:30');
  });

  it('shows the required mark and the error', () => {
    render(<TimeField label="Heure" required error={MESSAGES.invalidTime} />);
    const input = screen.getByLabelText(/^Heure/);
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.hasAttribute('required')).toBe(true);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MESSAGES.invalidTime).id).toBe(input.getAttribute('aria-describedby'));
  });
});
