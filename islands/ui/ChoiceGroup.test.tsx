import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CheckboxField, ChoiceGroup } from './ChoiceGroup.tsx';

const LEVELS = [
  { value: 'college', label: 'Collège' },
  { value: 'lycee', label: 'Lycée' },
] as const;

function Levels({ error }: { error?: string }) {
  const [value, setValue] = useState<('college' | 'lycee')[]>([]);
  return (
    <>
      <ChoiceGroup<'college' | 'lycee'>
        legend="Niveaux"
        name="levels"
        multiple
        options={LEVELS}
        value={value}
        onChange={setValue}
        required
        error={error}
      />
      <output>{value.join(',')}</output>
    </>
  );
}

function Profile() {
  const [value, setValue] = useState<'a' | 'b' | null>(null);
  return (
    <ChoiceGroup<'a' | 'b'>
      legend="Profil"
      name="profile"
      options={[
        { value: 'a', label: 'A' },
        { value: 'b', label: 'B' },
      ]}
      value={value}
      onChange={setValue}
    />
  );
}
function Terms() {
  const [checked, setChecked] = useState(false);
  return (
    <CheckboxField
      name="cgu"
      label="J’accepte"
      checked={checked}
      onChange={setChecked}
      error={checked ? undefined : 'Requis'}
    />
  );
}
describe('ChoiceGroup', () => {
  it('toggles checkboxes with the keyboard and reports the values', async () => {
    render(<Levels />);
    await userEvent.tab();
    await userEvent.keyboard(' ');
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(document.querySelector('output')?.textContent).toBe('college,lycee');
  });

  it('names the group by its legend, marks it required and links the error', () => {
    render(<Levels error="Sélectionnez au moins un niveau" />);
    const group = screen.getByRole('group', { name: /Niveaux/ });
    expect(group.textContent).toContain('(obligatoire)');
    expect(group.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('Sélectionnez au moins un niveau').id).toBe(
      group.getAttribute('aria-describedby'),
    );
  });

  it('picks one radio', async () => {
    render(<Profile />);
    await userEvent.click(screen.getByLabelText('B'));
    expect((screen.getByLabelText('B') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('A') as HTMLInputElement).checked).toBe(false);
  });
});

describe('CheckboxField', () => {
  it('ticks with the keyboard and shows its error', async () => {
    render(<Terms />);
    expect(screen.getByText('Requis')).toBeTruthy();
    await userEvent.tab();
    await userEvent.keyboard(' ');
    expect(screen.queryByText('Requis')).toBeNull();
  });
});
