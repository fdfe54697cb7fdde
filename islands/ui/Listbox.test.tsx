import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LISTBOX_TYPEAHEAD_RESET_MS, SECTOR_LABELS, SECTORS } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { Listbox } from './Listbox.tsx';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const sectors = SECTORS.map((value) => ({ value, label: SECTOR_LABELS[value] }));
const durations = [
  { value: '30', label: '30 min' },
  { value: '45', label: '45 min' },
  { value: '60', label: '1 h' },
  { value: '90', label: '1 h 30' },
];

const combobox = () => screen.getByRole('combobox');
const activeOption = () => document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '');

describe('Listbox', () => {
  it('is a labelled, collapsed combobox showing its placeholder', () => {
    render(<Listbox label="Durée" options={durations} />);
    const box = screen.getByRole('combobox', { name: 'Durée' });
    expect(box.getAttribute('aria-expanded')).toBe('false');
    expect(box.getAttribute('aria-haspopup')).toBe('listbox');
    expect(box.textContent).toBe('Sélectionner');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('opens with ArrowDown, moves with arrows, Home and End, selects with Enter', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Listbox label="Durée" options={durations} onChange={onChange} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('listbox', { name: 'Durée' }).className).toContain('max-h-60');
    expect(activeOption()?.textContent).toContain('30 min');
    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(activeOption()?.textContent).toContain('1 h');
    await user.keyboard('{End}');
    expect(activeOption()?.textContent).toContain('1 h 30');
    await user.keyboard('{ArrowDown}');
    expect(activeOption()?.textContent).toContain('1 h 30');
    await user.keyboard('{Home}{ArrowUp}{ArrowDown}');
    expect(activeOption()?.textContent).toContain('45 min');
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenCalledWith('45');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(combobox().textContent).toBe('45 min');
    expect(document.activeElement).toBe(combobox());
    await user.keyboard(' ');
    expect(activeOption()?.getAttribute('aria-selected')).toBe('true');
    expect(activeOption()?.textContent).toContain('45 min');
  });

  it('selects with Space and closes with Escape without selecting', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Listbox label="Durée" options={durations} defaultValue="60" onChange={onChange} />);
    await user.tab();
    await user.keyboard('{Enter}{ArrowDown}{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{ArrowUp}{ArrowUp} ');
    expect(onChange).toHaveBeenCalledWith('45');
  });

  it('selects with the mouse and closes when focus leaves', async () => {
    const user = userEvent.setup();
    render(
      <>
        <Listbox label="Durée" options={durations} />
        <button type="button">Après</button>
      </>,
    );
    await user.click(combobox());
    await user.click(screen.getByRole('option', { name: '1 h' }));
    expect(combobox().textContent).toBe('1 h');
    expect(document.activeElement).toBe(combobox());
    await user.click(combobox());
    expect(screen.getByRole('listbox')).toBeTruthy();
    await user.tab();
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it(`finds options by typing, and forgets what was typed after ${LISTBOX_TYPEAHEAD_RESET_MS} ms`, async () => {
    vi.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
    render(<Listbox label="Secteur" options={sectors} />);
    await user.tab();
    await user.keyboard('m');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    expect(activeOption()?.textContent).toContain('Métallurgie');
    await user.keyboard('é');
    expect(activeOption()?.textContent).toContain('Métallurgie');
    act(() => vi.advanceTimersByTime(LISTBOX_TYPEAHEAD_RESET_MS));
    await user.keyboard('m');
    expect(activeOption()?.textContent).toContain('Mécanique');
    await user.keyboard('m');
    expect(activeOption()?.textContent).toContain('Métallurgie');
    act(() => vi.advanceTimersByTime(LISTBOX_TYPEAHEAD_RESET_MS));
    await user.keyboard('fer');
    expect(activeOption()?.textContent).toContain('Ferroviaire');
    await user.keyboard('{Enter}');
    expect(combobox().textContent).toBe('Ferroviaire');
  });

  it('in multiple mode toggles options and stays open', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Listbox label="Secteurs" options={sectors} multiple onChange={onChange} />);
    await user.tab();
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('listbox').getAttribute('aria-multiselectable')).toBe('true');
    await user.keyboard('{Enter}{ArrowDown}{ArrowDown} ');
    expect(onChange).toHaveBeenLastCalledWith(['aerospace', 'metallurgy']);
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Home}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(['metallurgy']);
    await user.click(screen.getByRole('option', { name: 'Naval' }));
    expect(onChange).toHaveBeenLastCalledWith(['naval', 'metallurgy']);
    expect(combobox().textContent).toBe('Naval, Métallurgie');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('follows a controlled value', () => {
    const { rerender } = render(<Listbox label="Durée" options={durations} value="30" />);
    expect(combobox().textContent).toBe('30 min');
    rerender(<Listbox label="Durée" options={durations} value="90" />);
    expect(combobox().textContent).toBe('1 h 30');
  });

  it('submits its value in a plain form through hidden inputs', async () => {
    const user = userEvent.setup();
    const { container } = render(
      <form>
        <Listbox label="Durée" name="duration" options={durations} defaultValue="45" />
        <Listbox
          label="Secteurs"
          name="sectors"
          options={sectors}
          multiple
          defaultValue={['rail', 'naval']}
        />
      </form>,
    );
    const form = container.querySelector('form') as HTMLFormElement;
    expect(new FormData(form).get('duration')).toBe('45');
    expect(new FormData(form).getAll('sectors')).toEqual(['naval', 'rail']);
    await user.click(screen.getByRole('combobox', { name: 'Durée' }));
    await user.click(screen.getByRole('option', { name: '1 h 30' }));
    expect(new FormData(form).get('duration')).toBe('90');
  });

  it('shows required mark and error, linked to the combobox', () => {
    render(<Listbox label="Durée" options={durations} required error={MESSAGES.required} />);
    const box = screen.getByRole('combobox', { name: /^Durée/ });
    expect(box.getAttribute('aria-required')).toBe('true');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText(MESSAGES.required).id).toBe(box.getAttribute('aria-describedby'));
    expect(screen.getByText('(obligatoire)', { exact: false }).className).toContain('sr-only');
  });

  it('cannot be opened when disabled', async () => {
    const user = userEvent.setup();
    render(<Listbox label="Durée" options={durations} disabled />);
    expect(combobox().getAttribute('aria-disabled')).toBe('true');
    await user.click(combobox());
    await user.keyboard('{ArrowDown}');
    expect(screen.queryByRole('listbox')).toBeNull();
    await user.tab();
    expect(document.activeElement).not.toBe(combobox());
  });

  it('keeps Escape to itself while open, so a surrounding dialog stays open', async () => {
    const user = userEvent.setup();
    const onKeyDown = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands for a dialog listening to Escape.
      <div onKeyDown={onKeyDown}>
        <Listbox label="Durée" options={durations} />
      </div>,
    );
    await user.tab();
    await user.keyboard('{ArrowDown}{Escape}');
    expect(onKeyDown).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
    await user.keyboard('{Escape}');
    expect(onKeyDown).toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
  });
});
