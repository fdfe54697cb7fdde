import { type ReactNode, useId } from 'react';
import { cx, focusRing } from './cx.ts';
import { FIELD_ERROR_CLASS } from './field-look.ts';

interface ChoiceOption<V extends string> {
  value: V;
  label: ReactNode;
}

interface ChoiceGroupProps<V extends string> {
  legend: ReactNode;
  name: string;
  options: readonly ChoiceOption<V>[];
  required?: boolean;
  error?: string;
  className?: string;
}

interface RadioGroupProps<V extends string> extends ChoiceGroupProps<V> {
  multiple?: false;
  value: V | null;
  /** Left out where the group is only rendered on the server (a light form's). */
  onChange?(value: V): void;
}

interface CheckboxGroupProps<V extends string> extends ChoiceGroupProps<V> {
  multiple: true;
  value: readonly V[];
  onChange?(value: V[]): void;
}

const inputClass = cx('h-5 w-5 shrink-0 accent-purple', focusRing);

/** Radios (one answer) or checkboxes (`multiple`) under a legend, with the error under the group. */
export function ChoiceGroup<V extends string>(props: RadioGroupProps<V> | CheckboxGroupProps<V>) {
  const { legend, name, options, required, error, className } = props;
  // The message's id is the group's followed by `-error`, as islands/light-form.ts finds it.
  const groupId = useId();
  const errorId = `${groupId}-error`;
  const isChecked = (value: V) => (props.multiple ? props.value.includes(value) : props.value === value);
  const toggle = (value: V, checked: boolean) => {
    if (!props.multiple) return props.onChange?.(value);
    props.onChange?.(checked ? [...props.value, value] : props.value.filter((v) => v !== value));
  };
  return (
    <fieldset
      id={groupId}
      className={cx('flex flex-col gap-2', className)}
      aria-describedby={error ? errorId : undefined}
      aria-invalid={error ? true : undefined}
    >
      <legend className="mb-1 font-semibold text-dark">
        {legend}
        {required && (
          <>
            <span aria-hidden="true" className="ml-1 text-error-text">
              *
            </span>
            <span className="sr-only"> (obligatoire)</span>
          </>
        )}
      </legend>
      {options.map((option) => (
        <label key={option.value} className="flex min-h-11 items-center gap-3 rounded-lg px-1">
          <input
            type={props.multiple ? 'checkbox' : 'radio'}
            name={name}
            value={option.value}
            checked={isChecked(option.value)}
            onChange={(event) => toggle(option.value, event.currentTarget.checked)}
            className={inputClass}
          />
          <span>{option.label}</span>
        </label>
      ))}
      {error && (
        <p id={errorId} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** One checkbox that must be read: the terms, the conduct charter. */
export function CheckboxField({
  name,
  label,
  checked,
  onChange,
  required,
  error,
}: {
  name: string;
  label: ReactNode;
  checked: boolean;
  /** Left out where the box is only rendered on the server (a light form's). */
  onChange?(checked: boolean): void;
  required?: boolean;
  error?: string;
}) {
  // The message's id is the box's followed by `-error`, as islands/light-form.ts finds it.
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <div className="flex flex-col gap-1">
      <label className="flex min-h-11 items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          checked={checked}
          required={required}
          onChange={(event) => onChange?.(event.currentTarget.checked)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          className={cx(inputClass, 'mt-0.5')}
        />
        <span>{label}</span>
      </label>
      {error && (
        <p id={errorId} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      )}
    </div>
  );
}
