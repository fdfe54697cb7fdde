import { act, cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ACCOUNT_MESSAGES } from '../common/accounts.ts';
import { ADDRESS_DEBOUNCE_MS } from '../common/constants.ts';
import { ADDRESS_LOOKUP_FAILED, AddressField, NO_ADDRESS_FOUND } from './AddressField.tsx';
import type { AddressSuggestion, AddressValue } from './address-post.ts';
import { toast } from './ui/toast-store.ts';

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  cleanup();
  act(() => toast.clear());
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const setup = () => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
const wait = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

const suggestion = (label: string, extra: Partial<AddressSuggestion> = {}): AddressSuggestion => ({
  label,
  zipcode: '69001',
  city: 'Lyon',
  departmentCode: '69',
  lat: 45.758,
  lng: 4.835,
  kind: 'address',
  ...extra,
});

const LYON = [
  suggestion('Lyon', { kind: 'municipality' }),
  suggestion('Lyon 3e Arrondissement', {
    zipcode: '69003',
    city: 'Lyon 3e Arrondissement',
    kind: 'municipality',
  }),
  suggestion('1 Rue de la République 69002 Lyon', { zipcode: '69002', lat: 45.7636, lng: 4.8357 }),
];

const answer = (suggestions: AddressSuggestion[]) =>
  new Response(JSON.stringify({ data: { addressSuggestions: suggestions } }), {
    headers: { 'content-type': 'application/json' },
  });

interface PendingRequest {
  body: { operationName: string; query: string; variables: Record<string, unknown> };
  resolve: (response: Response) => void;
  reject: (error: unknown) => void;
}

/** A fetch that answers when the test says so, so that answers can arrive in any order. */
function stubApi() {
  const requests: PendingRequest[] = [];
  const fetchMock = vi.fn(
    (_url: string, init: RequestInit) =>
      new Promise<Response>((resolve, reject) => {
        requests.push({ body: JSON.parse(String(init.body)), resolve, reject });
      }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return { requests, fetchMock };
}

function stubAnswers(suggestions: AddressSuggestion[]) {
  const fetchMock = vi.fn(async (_url: string, _init: RequestInit) => answer(suggestions));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** A form island that keeps the address in its state. */
function ControlledForm({ onRender }: { onRender: (address: AddressValue | null) => void }) {
  const [address, setAddress] = useState<AddressValue | null>({
    label: '8 Boulevard du Port 80000 Amiens',
    zipcode: '80000',
    city: 'Amiens',
    lat: 49.897443,
    lng: 2.290084,
  });
  onRender(address);
  return <AddressField label="Adresse" name="address" value={address} onChange={setAddress} />;
}

const combobox = () => screen.getByRole('combobox') as HTMLInputElement;
const activeOption = () => document.getElementById(combobox().getAttribute('aria-activedescendant') ?? '');
const hiddenValues = (container: HTMLElement) =>
  Object.fromEntries(
    [...container.querySelectorAll<HTMLInputElement>('input[type="hidden"]')].map((input) => [
      input.name,
      input.value,
    ]),
  );

/** Text matched as written: the messages' non-breaking spaces are not collapsed. */
const asTyped = { normalizer: (text: string) => text };

async function typeAndWait(text: string) {
  const user = setup();
  await user.type(combobox(), text);
  await wait(ADDRESS_DEBOUNCE_MS);
  return user;
}

describe('AddressField', () => {
  it('is a labelled, required combobox bound to its listbox, collapsed', () => {
    render(<AddressField label="Adresse" name="address" required error="Choisissez une adresse" />);
    const input = screen.getByRole('combobox', { name: 'Adresse (obligatoire)' });
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(input.getAttribute('aria-autocomplete')).toBe('list');
    expect(input.getAttribute('aria-controls')).toBe(document.querySelector('[role="listbox"]')?.id);
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.className).toContain('h-input');
    expect(screen.getByText('Choisissez une adresse').id).toBe(input.getAttribute('aria-describedby'));
  });

  it('asks once, 300 ms after typing stops, and not below 3 characters', async () => {
    const fetchMock = stubAnswers(LYON);
    render(<AddressField label="Adresse" name="address" />);
    const user = setup();
    await user.type(combobox(), 'ly');
    await wait(ADDRESS_DEBOUNCE_MS * 2);
    expect(fetchMock).not.toHaveBeenCalled();
    await user.type(combobox(), 'on 3e');
    await wait(ADDRESS_DEBOUNCE_MS - 1);
    expect(fetchMock).not.toHaveBeenCalled();
    await wait(1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/graphql');
    expect(init?.method).toBe('POST');
    const body = JSON.parse(String(init?.body));
    expect(body).toMatchObject({
      operationName: 'AddressSuggestions',
      variables: { query: 'lyon 3e', type: null },
    });
    expect(body.query).toContain('addressSuggestions(query: $query, type: $type)');
  });

  it('restricts the search to communes when asked', async () => {
    const fetchMock = stubAnswers([]);
    render(<AddressField label="Ville" name="city" type="municipality" />);
    await typeAndWait('lyon');
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1].body)).variables).toEqual({
      query: 'lyon',
      type: 'municipality',
    });
  });

  it('shows the suggestions and announces how many there are', async () => {
    stubAnswers(LYON);
    render(<AddressField label="Adresse" name="address" />);
    await typeAndWait('lyon');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
    const options = screen.getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual([
      'LyonCommune · 69001',
      'Lyon 3e ArrondissementCommune · 69003',
      '1 Rue de la République 69002 LyonAdresse',
    ]);
    expect(screen.getByRole('status').textContent).toBe('3 adresses proposées');
  });

  it('says when nothing is found', async () => {
    stubAnswers([]);
    render(<AddressField label="Adresse" name="address" />);
    await typeAndWait('zzqxw');
    expect(screen.getByText(NO_ADDRESS_FOUND, { selector: 'p:not([role])' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(NO_ADDRESS_FOUND);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('moves with the arrows, chooses with Enter, and fills the value and the hidden inputs', async () => {
    stubAnswers(LYON);
    const onChange = vi.fn();
    const { container } = render(<AddressField label="Adresse" name="address" onChange={onChange} />);
    const user = await typeAndWait('lyon');
    expect(combobox().hasAttribute('aria-activedescendant')).toBe(false);
    await user.keyboard('{ArrowDown}');
    expect(activeOption()?.textContent).toContain('Lyon');
    expect(activeOption()?.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}');
    expect(activeOption()?.textContent).toContain('Lyon');
    await user.keyboard('{ArrowUp}');
    expect(activeOption()?.textContent).toContain('1 Rue de la République');
    await user.keyboard('{Enter}');
    const chosen: AddressValue = {
      label: '1 Rue de la République 69002 Lyon',
      zipcode: '69002',
      city: 'Lyon',
      departmentCode: '69',
      lat: 45.7636,
      lng: 4.8357,
    };
    expect(onChange).toHaveBeenLastCalledWith(chosen);
    expect(combobox().value).toBe(chosen.label);
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(combobox());
    expect(hiddenValues(container)).toEqual({
      'address[label]': chosen.label,
      'address[zipcode]': '69002',
      'address[city]': 'Lyon',
      'address[departmentCode]': '69',
      'address[lat]': '45.7636',
      'address[lng]': '4.8357',
    });
  });

  it('chooses with the mouse', async () => {
    stubAnswers(LYON);
    const onChange = vi.fn();
    render(<AddressField label="Adresse" name="address" onChange={onChange} />);
    const user = await typeAndWait('lyon');
    await user.click(screen.getByRole('option', { name: /Lyon 3e/ }));
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ zipcode: '69003' }));
    expect(document.activeElement).toBe(combobox());
  });

  it('closes with Escape without choosing, and stops the key there', async () => {
    stubAnswers(LYON);
    const onChange = vi.fn();
    const onOuterKeyDown = vi.fn();
    render(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands for a dialog listening to Escape.
      <div onKeyDown={onOuterKeyDown}>
        <AddressField label="Adresse" name="address" onChange={onChange} />
      </div>,
    );
    const user = await typeAndWait('lyon');
    await user.keyboard('{ArrowDown}{Escape}');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
    expect(onOuterKeyDown).not.toHaveBeenCalledWith(expect.objectContaining({ key: 'Escape' }));
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{ArrowDown}');
    expect(combobox().getAttribute('aria-expanded')).toBe('true');
  });

  it('clears the chosen address as soon as the text is changed again', async () => {
    stubAnswers(LYON);
    const onChange = vi.fn();
    const { container } = render(<AddressField label="Adresse" name="address" onChange={onChange} />);
    const user = await typeAndWait('lyon');
    await user.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenLastCalledWith(expect.objectContaining({ label: 'Lyon' }));
    await user.keyboard('{Backspace}');
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(hiddenValues(container)['address[label]']).toBe('');
    expect(combobox().validationMessage).toBe(ACCOUNT_MESSAGES.addressFromSuggestions);
  });

  it('shows a danger toast and clears the address when the lookup fails', async () => {
    const { requests } = stubApi();
    const onChange = vi.fn();
    render(<AddressField label="Adresse" name="address" onChange={onChange} />);
    await typeAndWait('lyon');
    await act(async () => requests[0]?.reject(new TypeError('Failed to fetch')));
    expect(toast.getSnapshot()).toEqual([
      expect.objectContaining({ type: 'danger', message: ADDRESS_LOOKUP_FAILED }),
    ]);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(combobox().value).toBe('');
    expect(combobox().getAttribute('aria-expanded')).toBe('false');
  });

  it('treats an API error as a failed lookup', async () => {
    const error = {
      message: 'La recherche d’adresse est indisponible pour le moment.',
      extensions: { code: 'geocoding_unavailable' },
    };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ data: null, errors: [error] }), { status: 200 })),
    );
    render(<AddressField label="Adresse" name="address" />);
    await typeAndWait('lyon');
    expect(toast.getSnapshot().map(({ type, message }) => [type, message])).toEqual([
      ['danger', ADDRESS_LOOKUP_FAILED],
    ]);
  });

  it("shows only the latest query's answer, whatever order the answers arrive in", async () => {
    const { requests } = stubApi();
    render(<AddressField label="Adresse" name="address" />);
    const user = await typeAndWait('lyo');
    await user.type(combobox(), 'n 3e');
    await wait(ADDRESS_DEBOUNCE_MS);
    expect(requests.map((request) => request.body.variables.query)).toEqual(['lyo', 'lyon 3e']);
    await act(async () => requests[1]?.resolve(answer(LYON.slice(1, 2))));
    await act(async () => requests[0]?.resolve(answer(LYON)));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Lyon 3e ArrondissementCommune · 69003',
    ]);
    await act(async () => requests[0]?.reject(new TypeError('late failure')));
    expect(toast.getSnapshot()).toEqual([]);
  });

  it('follows a controlled value, as a form island keeps it', async () => {
    stubAnswers(LYON);
    const seen: (AddressValue | null)[] = [];
    render(<ControlledForm onRender={(address) => seen.push(address)} />);
    expect(combobox().value).toBe('8 Boulevard du Port 80000 Amiens');
    const user = setup();
    await user.clear(combobox());
    expect(seen.at(-1)).toBeNull();
    await user.type(combobox(), 'lyon');
    await wait(ADDRESS_DEBOUNCE_MS);
    await user.keyboard('{ArrowDown}{Enter}');
    expect(seen.at(-1)).toMatchObject({ label: 'Lyon', zipcode: '69001' });
    expect(combobox().value).toBe('Lyon');
  });

  it('posts its text, and shows what a plain post could not settle until a place is taken', async () => {
    const { container } = render(
      <AddressField
        label="Adresse"
        name="address"
        required
        error={ACCOUNT_MESSAGES.addressFromSuggestions}
        typed={{
          text: 'Rhône',
          choices: LYON.slice(0, 2),
          message: ACCOUNT_MESSAGES.addressChoices('Rhône'),
        }}
      />,
    );
    expect(combobox().name).toBe('address[text]');
    expect(combobox().value).toBe('Rhône');
    expect(screen.getByText(ACCOUNT_MESSAGES.addressChoices('Rhône'), asTyped).id).toBe(
      combobox().getAttribute('aria-describedby'),
    );
    expect(screen.queryByText(ACCOUNT_MESSAGES.addressFromSuggestions)).toBeNull();
    const group = screen.getByRole('group', { name: 'Adresses trouvées pour «\u00a0Rhône\u00a0»' });
    const radios = [...group.querySelectorAll<HTMLInputElement>('input[type="radio"]')];
    expect(radios.map((radio) => [radio.name, JSON.parse(radio.value).label])).toEqual([
      ['address[choice]', 'Lyon'],
      ['address[choice]', 'Lyon 3e Arrondissement'],
    ]);

    await setup().click(screen.getByRole('radio', { name: /Lyon 3e Arrondissement/ }));
    expect(combobox().value).toBe('Lyon 3e Arrondissement');
    expect(hiddenValues(container)).toMatchObject({ 'address[label]': 'Lyon 3e Arrondissement' });
    expect(screen.queryByRole('group')).toBeNull();
    expect(screen.getByText(ACCOUNT_MESSAGES.addressFromSuggestions)).toBeTruthy();
  });

  it('forgets what the plain post said as soon as the text is typed again', async () => {
    stubAnswers([]);
    render(
      <AddressField
        label="Adresse"
        name="address"
        typed={{ text: 'Toulouse', choices: [], message: ACCOUNT_MESSAGES.addressNotFound('Toulouse') }}
      />,
    );
    expect(screen.getByText(ACCOUNT_MESSAGES.addressNotFound('Toulouse'), asTyped)).toBeTruthy();
    await setup().type(combobox(), 'x');
    expect(screen.queryByText(ACCOUNT_MESSAGES.addressNotFound('Toulouse'), asTyped)).toBeNull();
    expect(combobox().value).toBe('Toulousex');
  });
});
