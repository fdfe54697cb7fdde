import { type ComponentProps, type ReactNode, useId } from 'react';
import { cx, focusRing } from './cx.ts';
import { CONTROL_BORDER, FIELD_ERROR_CLASS } from './field-look.ts';

export interface FieldOwnProps {
  label: ReactNode;
  required?: boolean;
  error?: string;
  hint?: ReactNode;
}

interface FieldIds {
  controlId: string;
  labelId: string;
  hintId: string;
  errorId: string;
}

export function useFieldIds(id?: string): FieldIds {
  const generated = useId();
  const controlId = id ?? generated;
  return {
    controlId,
    labelId: `${controlId}-label`,
    hintId: `${controlId}-hint`,
    errorId: `${controlId}-error`,
  };
}

/** The aria attributes a control needs so that its hint and error are read with it. */
export function describedControlProps(
  ids: FieldIds,
  { error, hint }: Pick<FieldOwnProps, 'error' | 'hint'>,
  describedBy?: string,
) {
  const describedByIds = [describedBy, hint ? ids.hintId : undefined, error ? ids.errorId : undefined]
    .filter(Boolean)
    .join(' ');
  return {
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedByIds || undefined,
  } as const;
}

export function controlClassName(invalid: boolean, className?: string): string {
  return cx(
    'h-input w-full rounded-lg border bg-white px-4 text-base text-dark placeholder:text-grey-text',
    'disabled:cursor-not-allowed disabled:bg-grey-light',
    invalid ? CONTROL_BORDER.invalid : CONTROL_BORDER.valid,
    focusRing,
    className,
  );
}

interface FieldProps extends FieldOwnProps {
  ids: FieldIds;
  /** false when the control is not a labelable element and names itself with aria-labelledby */
  labelFor?: boolean;
  className?: string;
  children: ReactNode;
}

export function Field({
  ids,
  label,
  required,
  error,
  hint,
  labelFor = true,
  className,
  children,
}: FieldProps) {
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      <label
        id={ids.labelId}
        htmlFor={labelFor ? ids.controlId : undefined}
        className="font-semibold text-dark"
      >
        {label}
        {required && (
          <>
            <span aria-hidden="true" className="ml-1 text-error-text">
              *
            </span>
            <span className="sr-only"> (obligatoire)</span>
          </>
        )}
      </label>
      {hint && (
        <p id={ids.hintId} className="text-sm text-grey-text">
          {hint}
        </p>
      )}
      {children}
      {error && (
        <p id={ids.errorId} className={FIELD_ERROR_CLASS}>
          {error}
        </p>
      )}
    </div>
  );
}

export interface FieldInputProps extends FieldOwnProps, Omit<ComponentProps<'input'>, 'size'> {
  /** class of the frame around label, input and error */
  className?: string;
  inputClassName?: string;
}

/** The field frame around a native input: what TextField, NumberField and TimeField render. */
export function FieldInput({
  label,
  required,
  error,
  hint,
  id,
  className,
  inputClassName,
  'aria-describedby': describedBy,
  ...rest
}: FieldInputProps) {
  const ids = useFieldIds(id);
  return (
    <Field ids={ids} label={label} required={required} error={error} hint={hint} className={className}>
      <input
        {...rest}
        {...describedControlProps(ids, { error, hint }, describedBy)}
        id={ids.controlId}
        required={required}
        className={controlClassName(Boolean(error), inputClassName)}
      />
    </Field>
  );
}
