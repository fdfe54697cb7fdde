import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { LISTBOX_TYPEAHEAD_RESET_MS } from '../../common/constants.ts';
import { cx } from './cx.ts';
import { controlClassName, describedControlProps, Field, type FieldOwnProps, useFieldIds } from './Field.tsx';
import { useHydrated } from './useHydrated.ts';

export interface ListboxOption {
  value: string;
  label: string;
}

interface ListboxCommonProps extends FieldOwnProps {
  options: readonly ListboxOption[];
  /** The field's name in a plain form post: the native select's before hydration, the hidden inputs' after. */
  name?: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
  className?: string;
}

export interface SingleListboxProps extends ListboxCommonProps {
  multiple?: false;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
}

export interface MultipleListboxProps extends ListboxCommonProps {
  multiple: true;
  value?: readonly string[];
  defaultValue?: readonly string[];
  onChange?: (value: string[]) => void;
}

export type ListboxProps = SingleListboxProps | MultipleListboxProps;

const toArray = (value: string | readonly string[] | undefined): string[] =>
  value === undefined ? [] : typeof value === 'string' ? (value ? [value] : []) : [...value];

export function Listbox(props: ListboxProps) {
  const {
    options,
    name,
    placeholder = 'Sélectionner',
    disabled,
    label,
    required,
    error,
    hint,
    className,
  } = props;
  const ids = useFieldIds(props.id);
  const listId = `${ids.controlId}-listbox`;
  const optionId = (index: number) => `${ids.controlId}-option-${index}`;

  const [ownValue, setOwnValue] = useState(() => toArray(props.defaultValue));
  const selected = props.value === undefined ? ownValue : toArray(props.value);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const typeahead = useRef({ query: '', timer: undefined as ReturnType<typeof setTimeout> | undefined });

  useEffect(() => () => clearTimeout(typeahead.current.timer), []);
  // The native select gives way to the combobox once hydrated. A choice made in it before then is not given
  // back (islands/hydrate-markers.ts gives back the fields still there): before this select, there was no
  // choosing at all until hydration.
  const enhanced = useHydrated();

  useEffect(() => {
    if (open) document.getElementById(optionId(active))?.scrollIntoView({ block: 'nearest' });
  });

  const commit = (next: string[]) => {
    setOwnValue(next);
    if (props.multiple) props.onChange?.(next);
    else props.onChange?.(next[0] ?? '');
  };

  const choose = (index: number) => {
    const option = options[index];
    if (!option) return;
    setActive(index);
    if (!props.multiple) {
      commit([option.value]);
      setOpen(false);
      return;
    }
    commit(
      selected.includes(option.value)
        ? selected.filter((value) => value !== option.value)
        : options
            .filter((item) => item === option || selected.includes(item.value))
            .map((item) => item.value),
    );
  };

  const openAt = (index: number) => {
    setActive(Math.max(0, Math.min(index, options.length - 1)));
    setOpen(true);
  };

  const openAtSelection = () => {
    const index = options.findIndex((option) => selected.includes(option.value));
    openAt(index === -1 ? 0 : index);
  };

  const search = (char: string) => {
    const state = typeahead.current;
    clearTimeout(state.timer);
    state.query += char.toLocaleLowerCase('fr');
    state.timer = setTimeout(() => {
      state.query = '';
    }, LISTBOX_TYPEAHEAD_RESET_MS);
    // Typing the same letter again steps through the options that start with it, as a native select does.
    const repeated = [...state.query].every((c) => c === state.query[0]);
    const query = repeated ? (state.query[0] ?? '') : state.query;
    const start = open ? active + (repeated ? 1 : 0) : 0;
    for (let step = 0; step < options.length; step++) {
      const index = (start + step) % options.length;
      if (options[index]?.label.toLocaleLowerCase('fr').startsWith(query)) {
        openAt(index);
        return;
      }
    }
    if (!open) openAtSelection();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (disabled) return;
    const { key } = event;
    const typing = key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey;
    if (typing && (key !== ' ' || typeahead.current.query)) {
      event.preventDefault();
      search(key);
      return;
    }
    if (!open) {
      if (['ArrowDown', 'ArrowUp', 'Enter', ' '].includes(key)) openAtSelection();
      else if (key === 'Home') openAt(0);
      else if (key === 'End') openAt(options.length - 1);
      else return;
      event.preventDefault();
      return;
    }
    const page = 10;
    if (key === 'ArrowDown') setActive(Math.min(active + 1, options.length - 1));
    else if (key === 'ArrowUp') setActive(Math.max(active - 1, 0));
    else if (key === 'Home') setActive(0);
    else if (key === 'End') setActive(options.length - 1);
    else if (key === 'PageDown') setActive(Math.min(active + page, options.length - 1));
    else if (key === 'PageUp') setActive(Math.max(active - page, 0));
    else if (key === 'Enter' || key === ' ') choose(active);
    else if (key === 'Escape') setOpen(false);
    else {
      if (key === 'Tab') setOpen(false);
      return;
    }
    // Escape stops here so that a dialog around the listbox stays open.
    event.stopPropagation();
    event.preventDefault();
  };

  const selectedOptions = options.filter((option) => selected.includes(option.value));
  const invalid = Boolean(error);

  // Before the page's script runs (and on a page without it), a native select: a real control whose value
  // a plain form posts (issue 36). The combobox takes its place once hydrated.
  if (!enhanced) {
    return (
      <Field ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
        <select
          id={ids.controlId}
          name={name}
          multiple={props.multiple}
          required={required}
          disabled={disabled}
          value={props.multiple ? selected : (selected[0] ?? '')}
          onChange={(event) =>
            commit([...event.currentTarget.selectedOptions].map((option) => option.value).filter(Boolean))
          }
          {...describedControlProps(ids, { error, hint })}
          className={controlClassName(invalid)}
        >
          {!props.multiple && <option value="">{placeholder}</option>}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </Field>
    );
  }

  return (
    <Field
      ids={ids}
      label={label}
      required={required}
      error={error}
      hint={hint}
      labelFor={false}
      className={className}
    >
      <div className="relative">
        <div
          id={ids.controlId}
          role="combobox"
          tabIndex={disabled ? -1 : 0}
          aria-haspopup="listbox"
          aria-expanded={open}
          aria-controls={listId}
          aria-labelledby={ids.labelId}
          aria-activedescendant={open && options.length > 0 ? optionId(active) : undefined}
          aria-required={required || undefined}
          aria-disabled={disabled || undefined}
          {...describedControlProps(ids, { error, hint })}
          onClick={() => {
            if (disabled) return;
            if (open) setOpen(false);
            else openAtSelection();
          }}
          onKeyDown={onKeyDown}
          onBlur={() => setOpen(false)}
          className={controlClassName(
            invalid,
            cx(
              'flex cursor-pointer items-center justify-between gap-2 text-left',
              disabled && 'cursor-not-allowed bg-grey-light',
            ),
          )}
        >
          <span className={cx('truncate', selectedOptions.length === 0 && 'text-grey-text')}>
            {selectedOptions.map((option) => option.label).join(', ') || placeholder}
          </span>
          <svg
            aria-hidden="true"
            viewBox="0 0 16 16"
            className={cx('size-4 shrink-0 transition-transform', open && 'rotate-180')}
            fill="none"
            stroke="currentColor"
          >
            <path d="M3 6l5 5 5-5" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
        <div
          id={listId}
          role="listbox"
          aria-labelledby={ids.labelId}
          aria-multiselectable={props.multiple || undefined}
          hidden={!open}
          tabIndex={-1}
          // Keeps focus on the combobox while an option is clicked.
          onMouseDown={(event) => event.preventDefault()}
          className="absolute inset-x-0 top-full z-20 mt-1 max-h-60 overflow-auto rounded-lg border border-grey bg-white py-1 text-dark shadow-lg"
        >
          {options.map((option, index) => {
            const isSelected = selected.includes(option.value);
            return (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox owns the keyboard (aria-activedescendant).
              // biome-ignore lint/a11y/useFocusableInteractive: options are reached through aria-activedescendant, not focus.
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={isSelected}
                onClick={() => choose(index)}
                onMouseMove={() => active !== index && setActive(index)}
                className={cx(
                  'flex cursor-pointer items-center gap-2 px-4 py-2',
                  index === active && 'bg-purple text-white',
                  isSelected && 'font-semibold',
                )}
              >
                <span aria-hidden="true" className="w-4 shrink-0">
                  {isSelected ? '✓' : ''}
                </span>
                {option.label}
              </div>
            );
          })}
        </div>
      </div>
      {name &&
        props.multiple &&
        selectedOptions.map((option) => (
          <input key={option.value} type="hidden" name={name} value={option.value} />
        ))}
      {name && !props.multiple && <input type="hidden" name={name} value={selectedOptions[0]?.value ?? ''} />}
    </Field>
  );
}
