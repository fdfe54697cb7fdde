import { NUMBER_INPUT_DEFAULTS } from '../../common/constants.ts';
import { FieldInput, type FieldInputProps } from './Field.tsx';

export type NumberFieldProps = Omit<FieldInputProps, 'type'>;

export function NumberField({
  min = NUMBER_INPUT_DEFAULTS.min,
  max = NUMBER_INPUT_DEFAULTS.max,
  ...rest
}: NumberFieldProps) {
  return <FieldInput inputMode="numeric" {...rest} type="number" min={min} max={max} />;
}
