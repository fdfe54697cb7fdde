import { TIME_INPUT_DEFAULTS } from '../../common/constants.ts';
import { FieldInput, type FieldInputProps } from './Field.tsx';

export type TimeFieldProps = Omit<FieldInputProps, 'type'>;

export function TimeField({
  min = TIME_INPUT_DEFAULTS.min,
  max = TIME_INPUT_DEFAULTS.max,
  step = TIME_INPUT_DEFAULTS.stepSeconds,
  ...rest
}: TimeFieldProps) {
  return <FieldInput {...rest} type="time" min={min} max={max} step={step} />;
}
