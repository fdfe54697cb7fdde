import { type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useRef, useState } from 'react';
import { ACCOUNT_MESSAGES } from '../common/accounts.ts';
import { ADDRESS_DEBOUNCE_MS } from '../common/constants.ts';
import {
  ADDRESS_CHOICE,
  ADDRESS_HIDDEN_FIELDS,
  ADDRESS_TEXT,
  type AddressSuggestion,
  type AddressSuggestionKind,
  type AddressValue,
  type TypedAddress,
} from './address-post.ts';
import { gqlRequest } from './graphql.ts';
import { ChoiceGroup } from './ui/ChoiceGroup.tsx';
import { cx } from './ui/cx.ts';
import {
  controlClassName,
  describedControlProps,
  Field,
  type FieldOwnProps,
  useFieldIds,
} from './ui/Field.tsx';
import { toast } from './ui/toast-store.ts';

export interface AddressFieldProps extends FieldOwnProps {
  /**
   * Prefix of the inputs in a plain form: the text typed (`name[text]`), and the hidden inputs that carry the
   * choice (`name[label]`, `name[zipcode]`…).
   */
  name: string;
  /** Controlled: the parent keeps the value; left undefined, the field keeps it (from `defaultValue`). */
  value?: AddressValue | null;
  defaultValue?: AddressValue | null;
  onChange?: (value: AddressValue | null) => void;
  /** What a plain post of the field left unsettled: shown until the field is typed in or a place chosen. */
  typed?: TypedAddress | null;
  /**
   * The typed text's own name, for a page that finds the place itself in a GET form (the search, without
   * JavaScript, sends it as `lieu`); `<name>[text]` by default, which a plain post settles (`formPostOf`).
   */
  typedName?: string;
  /** The text shown when no place is chosen: what was typed and not found, given back with its error. */
  defaultText?: string;
  /** Only house numbers, or only communes; anything by default. */
  type?: 'address' | 'municipality';
  placeholder?: string;
  id?: string;
  className?: string;
}

const ADDRESS_MIN_QUERY_LENGTH = 3;
export const ADDRESS_LOOKUP_FAILED = 'La recherche d’adresse a échoué. Veuillez réessayer.';
export const NO_ADDRESS_FOUND = 'Aucune adresse trouvée';

const ADDRESS_SUGGESTIONS_QUERY = /* GraphQL */ `
  query AddressSuggestions($query: String!, $type: AddressKind) {
    addressSuggestions(query: $query, type: $type) { label zipcode city departmentCode lat lng kind }
  }
`;

const KIND_LABELS: Record<AddressSuggestionKind, string> = {
  address: 'Adresse',
  street: 'Voie ou lieu-dit',
  municipality: 'Commune',
  postcode: 'Code postal',
};

interface SearchState {
  status: 'idle' | 'loading' | 'done';
  suggestions: AddressSuggestion[];
}

const IDLE: SearchState = { status: 'idle', suggestions: [] };

/**
 * The suggestions for what was typed last: asked once typing pauses for ADDRESS_DEBOUNCE_MS, and only
 * the latest request's answer is kept (an earlier one is aborted, or ignored if it still arrives).
 */
function useAddressSearch(type: AddressFieldProps['type']) {
  const [state, setState] = useState<SearchState>(IDLE);
  const pending = useRef({
    id: 0,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    abort: () => {},
  });

  const cancel = useCallback(() => {
    const current = pending.current;
    clearTimeout(current.timer);
    current.abort();
    current.id += 1;
  }, []);

  useEffect(() => cancel, [cancel]);

  const fetchSuggestions = async (query: string, id: number, onFailure: () => void) => {
    const controller = new AbortController();
    pending.current.abort = () => controller.abort();
    setState((current) => ({ ...current, status: 'loading' }));
    try {
      const data = await gqlRequest<{ addressSuggestions: AddressSuggestion[] }>(
        ADDRESS_SUGGESTIONS_QUERY,
        { query, type: type ?? null },
        'AddressSuggestions',
        { signal: controller.signal },
      );
      if (id === pending.current.id) setState({ status: 'done', suggestions: data.addressSuggestions });
    } catch {
      if (id !== pending.current.id) return;
      setState(IDLE);
      onFailure();
    }
  };

  const schedule = (text: string, onFailure: () => void) => {
    cancel();
    const query = text.trim();
    if (query.length < ADDRESS_MIN_QUERY_LENGTH) {
      setState(IDLE);
      return;
    }
    const id = pending.current.id;
    pending.current.timer = setTimeout(() => fetchSuggestions(query, id, onFailure), ADDRESS_DEBOUNCE_MS);
  };

  const reset = () => {
    cancel();
    setState(IDLE);
  };

  return { ...state, schedule, reset };
}

function addressOfSuggestion({
  label,
  zipcode,
  city,
  departmentCode,
  lat,
  lng,
}: AddressSuggestion): AddressValue {
  return { label, zipcode, city, departmentCode, lat, lng };
}

/** What the label does not say: the kind of place, and its postcode when the label lacks it ("Lyon"). */
function detailOf(suggestion: AddressSuggestion): string {
  const kind = KIND_LABELS[suggestion.kind];
  return suggestion.label.includes(suggestion.zipcode) ? kind : `${kind} · ${suggestion.zipcode}`;
}

function announcementOf(count: number): string {
  if (count === 0) return NO_ADDRESS_FOUND;
  return count === 1 ? '1 adresse proposée' : `${count} adresses proposées`;
}

/**
 * A French address picked among the geocoder's suggestions (ARIA combobox with a listbox popup).
 * The value only ever comes from a suggestion: typing again clears it. Without JavaScript the text is posted
 * and the server settles it (docs/decisions/0087); what it could not settle comes back as `typed`: the
 * text, the message, and the places it may name as radios, one of which is posted with the form again.
 */
export function AddressField({
  label,
  name,
  required,
  error,
  hint,
  value,
  defaultValue = null,
  onChange,
  typed = null,
  typedName,
  defaultText = '',
  type,
  placeholder = 'Saisissez une adresse',
  id,
  className,
}: AddressFieldProps) {
  const ids = useFieldIds(id);
  const listId = `${ids.controlId}-listbox`;
  const optionId = (index: number) => `${ids.controlId}-option-${index}`;

  const [ownValue, setOwnValue] = useState(defaultValue);
  const chosen = value === undefined ? ownValue : value;
  const [text, setText] = useState(chosen?.label ?? typed?.text ?? defaultText);
  const [unsettled, setUnsettled] = useState(typed);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const search = useAddressSearch(type);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (value) setText(value.label);
  }, [value]);

  // A plain form cannot be sent with typed text that no suggestion confirmed.
  useEffect(() => {
    input.current?.setCustomValidity(text.trim() && !chosen ? ACCOUNT_MESSAGES.addressFromSuggestions : '');
  }, [text, chosen]);

  const count = search.suggestions.length;
  const shown = open && search.status === 'done';
  const expanded = shown && count > 0;

  const commit = (next: AddressValue | null) => {
    setOwnValue(next);
    onChange?.(next);
  };

  const lookupFailed = () => {
    toast.danger(ADDRESS_LOOKUP_FAILED);
    setText('');
    setOpen(false);
    commit(null);
  };

  const onType = (event: ChangeEvent<HTMLInputElement>) => {
    const next = event.currentTarget.value;
    setText(next);
    setOpen(true);
    setActive(-1);
    setUnsettled(null);
    if (chosen) commit(null);
    search.schedule(next, lookupFailed);
  };

  const take = (suggestion: AddressSuggestion) => {
    setText(suggestion.label);
    setUnsettled(null);
    commit(addressOfSuggestion(suggestion));
  };

  const choose = (index: number) => {
    const suggestion = search.suggestions[index];
    if (!suggestion) return;
    search.reset();
    setOpen(false);
    setActive(-1);
    take(suggestion);
  };

  const move = (step: 1 | -1) => {
    setOpen(true);
    if (!expanded || active === -1) setActive(step === 1 ? 0 : count - 1);
    else setActive((active + step + count) % count);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const { key } = event;
    if ((key === 'ArrowDown' || key === 'ArrowUp') && count > 0) move(key === 'ArrowDown' ? 1 : -1);
    else if (key === 'Enter' && expanded && active >= 0) choose(active);
    else if (key === 'Escape' && shown) {
      setOpen(false);
      setActive(-1);
      // Escape stops here so that a dialog around the field stays open.
      event.stopPropagation();
    } else return;
    event.preventDefault();
  };

  const shownError = unsettled?.message ?? error;
  return (
    <>
      <Field ids={ids} label={label} required={required} error={shownError} hint={hint} className={className}>
        <div className="relative">
          <input
            ref={input}
            id={ids.controlId}
            type="text"
            role="combobox"
            autoComplete="off"
            spellCheck={false}
            aria-autocomplete="list"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
            {...describedControlProps(ids, { error: shownError, hint })}
            name={typedName ?? `${name}[${ADDRESS_TEXT}]`}
            required={required}
            placeholder={placeholder}
            value={text}
            onChange={onType}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setOpen(false)}
            className={controlClassName(Boolean(shownError))}
          />
          <div
            id={listId}
            role="listbox"
            aria-labelledby={ids.labelId}
            hidden={!expanded}
            tabIndex={-1}
            // Keeps focus in the input while an option is clicked.
            onMouseDown={(event) => event.preventDefault()}
            className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-auto rounded-lg border border-grey bg-white py-1 text-dark shadow-lg"
          >
            {search.suggestions.map((suggestion, index) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the input owns the keyboard (aria-activedescendant).
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant, not focus.
              <div
                key={`${suggestion.label}|${suggestion.zipcode}|${suggestion.lat}|${suggestion.lng}`}
                id={optionId(index)}
                role="option"
                aria-selected={index === active}
                onClick={() => choose(index)}
                onMouseMove={() => active !== index && setActive(index)}
                className={cx('cursor-pointer px-4 py-2', index === active && 'bg-purple text-white')}
              >
                <span className="block">{suggestion.label}</span>
                <span className={cx('block text-sm', index === active ? 'text-white' : 'text-grey-text')}>
                  {detailOf(suggestion)}
                </span>
              </div>
            ))}
          </div>
          {shown && count === 0 && (
            <p className="absolute inset-x-0 top-full z-20 mt-1 rounded-lg border border-grey bg-white px-4 py-2 text-grey-text shadow-lg">
              {NO_ADDRESS_FOUND}
            </p>
          )}
        </div>
        <p role="status" className="sr-only">
          {search.status === 'done' && open ? announcementOf(count) : ''}
        </p>
        {ADDRESS_HIDDEN_FIELDS.map((field) => (
          <input key={field} type="hidden" name={`${name}[${field}]`} value={String(chosen?.[field] ?? '')} />
        ))}
      </Field>
      {unsettled && unsettled.choices.length > 0 && (
        <ChoiceGroup
          legend={`Adresses trouvées pour «\u00a0${unsettled.text}\u00a0»`}
          name={`${name}[${ADDRESS_CHOICE}]`}
          options={unsettled.choices.map((choice) => ({
            // The place itself, which the server takes as if it had been chosen among the suggestions.
            value: JSON.stringify(addressOfSuggestion(choice)),
            label: (
              <>
                <span className="block">{choice.label}</span>
                <span className="block text-sm text-grey-text">{detailOf(choice)}</span>
              </>
            ),
          }))}
          value={null}
          onChange={(place) => {
            const choice = unsettled.choices.find((c) => JSON.stringify(addressOfSuggestion(c)) === place);
            if (choice) take(choice);
          }}
        />
      )}
    </>
  );
}
