import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CompanyForReview } from '../../common/admin.ts';
import { toast } from '../ui/toast-store.ts';
import { PendingCompanies } from './PendingCompanies.tsx';

afterEach(() => {
  cleanup();
  act(() => toast.clear());
  vi.unstubAllGlobals();
});

const company = (id: string, name: string, extra: Partial<CompanyForReview> = {}): CompanyForReview => ({
  id,
  name,
  siret: '73282932000074',
  nafCode: '25.62B',
  sector: 'Métallurgie',
  department: 'Rhône (69)',
  address: '1 rue de l’Usine 69140 Rillieux-la-Pape',
  contactName: 'Paul Martin',
  contactEmail: 'contact@metallerie.fr',
  registeredAt: '2026-03-08T06:00:00.000Z',
  registeredOn: '8 mars 2026',
  directory: { answer: 'none', checkedOn: null, name: null, address: null },
  joinRequests: 0,
  ...extra,
});

type Call = { operationName: string; variables: Record<string, unknown> };

function stubApi(answer: (call: Call) => object) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (_url: string, init: RequestInit) => {
      const call = JSON.parse(String(init.body)) as Call;
      calls.push(call);
      return new Response(JSON.stringify(answer(call)), { headers: { 'content-type': 'application/json' } });
    }),
  );
  return calls;
}

const MONTS = 'Métallerie des Monts d’Or';

describe('PendingCompanies', () => {
  it('shows what the operators need to decide, for each pending company', () => {
    render(<PendingCompanies pending={[company('1', MONTS)]} />);
    const card = screen.getByRole('article', { name: MONTS });
    for (const text of [
      '73282932000074',
      '25.62B',
      'Métallurgie',
      'Rhône (69)',
      'Paul Martin',
      '8 mars 2026',
    ]) {
      expect(within(card).getByText(text, { exact: false })).toBeTruthy();
    }
    expect(within(card).getByRole('link', { name: 'contact@metallerie.fr' }).getAttribute('href')).toBe(
      'mailto:contact@metallerie.fr',
    );
    expect(within(card).getByRole('link', { name: MONTS }).getAttribute('href')).toBe('/admin/companies/1');
  });

  it('validates with the keyboard, removes the row, says so and moves focus to the list', async () => {
    const calls = stubApi(() => ({ data: { validateCompany: { id: '1', status: 'validated' } } }));
    render(<PendingCompanies pending={[company('1', MONTS), company('2', 'Forges de Lyon')]} />);
    const user = userEvent.setup();
    screen.getByRole('button', { name: `Valider ${MONTS}` }).focus();
    await user.keyboard('{Enter}');

    const pendingList = screen.getByRole('region', { name: 'En attente de validation' });
    await waitFor(() => expect(within(pendingList).queryByRole('article', { name: MONTS })).toBeNull());
    expect(calls).toEqual([
      expect.objectContaining({ operationName: 'ValidateCompany', variables: { id: '1' } }),
    ]);
    expect(screen.getByRole('status').textContent).toContain(`${MONTS} est validée`);
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'En attente de validation' })),
    );
  });

  it('asks for a reason before refusing and sends it', async () => {
    const calls = stubApi(() => ({ data: { refuseCompany: { id: '1', status: 'refused' } } }));
    render(<PendingCompanies pending={[company('1', MONTS)]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Refuser ${MONTS}` }));
    const dialog = screen.getByRole('dialog', { name: `Refuser l’inscription de ${MONTS}` });
    await user.click(within(dialog).getByRole('button', { name: 'Refuser l’inscription' }));
    expect(within(dialog).getByText('Ce champ est requis')).toBeTruthy();
    expect(calls).toEqual([]);

    await user.type(within(dialog).getByLabelText(/Motif du refus/), 'Activité hors industrie');
    await user.click(within(dialog).getByRole('button', { name: 'Refuser l’inscription' }));
    await waitFor(() => expect(screen.queryByRole('article', { name: MONTS })).toBeNull());
    expect(calls).toEqual([
      expect.objectContaining({
        operationName: 'RefuseCompany',
        variables: { id: '1', reason: 'Activité hors industrie' },
      }),
    ]);
    expect(screen.getByRole('status').textContent).toContain(`L’inscription de ${MONTS} est refusée`);
  });

  it('drops a company another operator already handled, and keeps one the server failed on', async () => {
    stubApi((call) =>
      call.variables.id === '1'
        ? {
            errors: [
              { message: 'Cette action n’est pas possible', extensions: { code: 'invalid_company_status' } },
            ],
          }
        : { errors: [{ message: 'Une erreur est survenue', extensions: { code: 'other_error' } }] },
    );
    render(<PendingCompanies pending={[company('1', MONTS), company('2', 'Forges de Lyon')]} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Valider ${MONTS}` }));
    await waitFor(() => expect(screen.queryByRole('article', { name: MONTS })).toBeNull());
    await user.click(screen.getByRole('button', { name: 'Valider Forges de Lyon' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Une erreur est survenue'));
    expect(screen.getByRole('article', { name: 'Forges de Lyon' })).toBeTruthy();
  });

  it('says what the company directory said, and offers to ask it again with a plain form', () => {
    render(
      <PendingCompanies
        pending={[
          company('1', 'Chaudronnerie Martin', {
            directory: {
              answer: 'found',
              checkedOn: '26 novembre 2026 à 18:02',
              name: { matches: false, directory: 'FORGES DE VENISSIEUX' },
              address: { matches: true, directory: '12 Rue de l’Usine 69200 Vénissieux' },
            },
          }),
          company('2', 'Forges du Port', {
            directory: {
              answer: 'unavailable',
              checkedOn: '26 novembre 2026 à 18:03',
              name: null,
              address: null,
            },
          }),
          company('3', 'Forges inconnues', {
            directory: {
              answer: 'notFound',
              checkedOn: '26 novembre 2026 à 18:04',
              name: null,
              address: null,
            },
          }),
        ]}
      />,
    );
    const found = within(screen.getByRole('article', { name: 'Chaudronnerie Martin' }));
    const says =
      found.getByRole('region', { name: 'Annuaire des entreprises : Chaudronnerie Martin' }).textContent ??
      '';
    expect(says).toContain('SIRET trouvé dans l’annuaire.');
    expect(says).toContain('Nom différent');
    expect(says).toContain('FORGES DE VENISSIEUX');
    expect(says).toContain('Adresse conforme (code postal et commune)');
    expect(says).toContain('Consulté le 26 novembre 2026 à 18:02');
    const again = found.getByRole('button', { name: 'Vérifier à nouveau le SIRET de Chaudronnerie Martin' });
    const form = again.closest('form');
    expect(form?.method).toBe('post');
    expect(new FormData(form as HTMLFormElement).get('intent')).toBe('directory');
    expect(new FormData(form as HTMLFormElement).get('id')).toBe('1');
    expect(screen.getByRole('article', { name: 'Forges du Port' }).textContent).toContain(
      'Annuaire injoignable',
    );
    expect(screen.getByRole('article', { name: 'Forges inconnues' }).textContent).toContain(
      'SIRET introuvable dans l’annuaire.',
    );
  });
});
