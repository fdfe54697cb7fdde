import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { toast } from '../ui/toast-store.ts';
import { type AdminDepartment, DepartmentToggles } from './DepartmentToggles.tsx';

afterEach(() => {
  cleanup();
  act(() => toast.clear());
  vi.unstubAllGlobals();
});

const DEPARTMENTS: AdminDepartment[] = [
  {
    code: '01',
    name: 'Ain',
    region: 'Auvergne-Rhône-Alpes',
    timeZone: 'Europe/Paris',
    chamber: null,
    active: false,
    validatedCompanies: 0,
    pendingCompanies: 0,
    upcomingMeetings: 0,
  },
  {
    code: '69',
    name: 'Rhône',
    region: 'Auvergne-Rhône-Alpes',
    timeZone: 'Europe/Paris',
    chamber: 'UIMM Lyon-Rhône',
    active: true,
    validatedCompanies: 1245,
    pendingCompanies: 1,
    upcomingMeetings: 37,
  },
];

function stubApi(body: object) {
  const calls: { variables: Record<string, unknown> }[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      calls.push(JSON.parse(String(init.body)));
      return new Response(JSON.stringify(body), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

describe('DepartmentToggles', () => {
  it('lists every department with its region, zone and chamber, and a switch showing whether it is open', () => {
    render(<DepartmentToggles departments={DEPARTMENTS} />);
    expect(screen.getByRole('row', { name: /Rhône.*UIMM Lyon-Rhône/ })).toBeTruthy();
    expect(
      screen.getByRole('switch', { name: 'Plateforme ouverte : Ain (01)' }).getAttribute('aria-checked'),
    ).toBe('false');
    expect(
      screen.getByRole('switch', { name: 'Plateforme ouverte : Rhône (69)' }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(screen.getByText('1 département ouvert sur 2.')).toBeTruthy();
  });

  it('opens a department from the keyboard once the server agrees', async () => {
    const calls = stubApi({ data: { setDepartmentActive: { code: '01', active: true } } });
    render(<DepartmentToggles departments={DEPARTMENTS} />);
    const ain = screen.getByRole('switch', { name: 'Plateforme ouverte : Ain (01)' });
    ain.focus();
    await userEvent.setup().keyboard(' ');
    // Opening needs no confirmation.
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(ain.getAttribute('aria-checked')).toBe('true'));
    expect(calls.map((c) => c.variables)).toEqual([{ code: '01', active: true }]);
    expect(screen.getByRole('status').textContent).toContain(
      'La plateforme est ouverte dans le département Ain.',
    );
    expect(document.activeElement).toBe(ain);
  });

  it('keeps the state and says why when the server refuses', async () => {
    stubApi({
      errors: [{ message: 'Vous n’avez pas accès à cette ressource.', extensions: { code: 'FORBIDDEN' } }],
    });
    render(<DepartmentToggles departments={DEPARTMENTS} />);
    const user = userEvent.setup();
    const rhone = screen.getByRole('switch', { name: 'Plateforme ouverte : Rhône (69)' });
    await user.click(rhone);
    await user.click(screen.getByRole('button', { name: 'Fermer le département' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Vous n’avez pas accès'));
    expect(rhone.getAttribute('aria-checked')).toBe('true');
  });

  it('asks before closing a department, saying what closing does, and closes it once confirmed', async () => {
    const calls = stubApi({ data: { setDepartmentActive: { code: '69', active: false } } });
    render(<DepartmentToggles departments={DEPARTMENTS} />);
    const user = userEvent.setup();
    const rhone = screen.getByRole('switch', { name: 'Plateforme ouverte : Rhône (69)' });
    rhone.focus();
    await user.keyboard(' ');

    const dialog = screen.getByRole('dialog', {
      name: 'Fermer la plateforme dans le département Rhône (69) ?',
    });
    // What it touches, counted: the companies shut out, those waiting, the meetings left without them.
    expect(dialog.textContent).toContain(
      '1\u202f245 entreprises validées ne peuvent plus se connecter ni publier de créneaux',
    );
    expect(dialog.textContent).toContain(
      '1 entreprise en attente de validation ne pourra pas se connecter, même validée',
    );
    expect(dialog.textContent).toContain('37 rencontres à venir restent prévues');
    expect(dialog.textContent).toContain(
      'les inscriptions d’enseignants et d’entreprises de ce département sont refusées',
    );
    expect(calls).toEqual([]);
    expect(rhone.getAttribute('aria-checked')).toBe('true');
    // The focus is in the dialog, and Tab keeps it there.
    expect(dialog.contains(document.activeElement)).toBe(true);
    for (let i = 0; i < 4; i++) {
      await user.tab();
      expect(dialog.contains(document.activeElement)).toBe(true);
    }

    await user.click(screen.getByRole('button', { name: 'Fermer le département' }));
    await waitFor(() => expect(rhone.getAttribute('aria-checked')).toBe('false'));
    expect(calls.map((c) => c.variables)).toEqual([{ code: '69', active: false }]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(rhone);
    expect(screen.getByRole('status').textContent).toContain(
      'La plateforme est fermée dans le département Rhône.',
    );
  });

  it('leaves the department open when the closing is not confirmed, the focus back on its switch', async () => {
    const calls = stubApi({ data: null });
    render(<DepartmentToggles departments={DEPARTMENTS} />);
    const user = userEvent.setup();
    const rhone = screen.getByRole('switch', { name: 'Plateforme ouverte : Rhône (69)' });
    await user.click(rhone);
    await user.click(screen.getByRole('button', { name: 'Laisser ouvert' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(rhone);

    await user.click(rhone);
    expect(screen.getByRole('dialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(rhone);
    expect(rhone.getAttribute('aria-checked')).toBe('true');
    expect(calls).toEqual([]);
  });
});
