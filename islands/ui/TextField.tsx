import { FieldInput, type FieldInputProps } from './Field.tsx';

export type TextFieldType = 'text' | 'email' | 'tel' | 'password' | 'date';

export interface TextFieldProps extends Omit<FieldInputProps, 'type'> {
  type?: TextFieldType;
}

export function TextField({ type = 'text', ...rest }: TextFieldProps) {
  return <FieldInput {...rest} type={type} />;
}
