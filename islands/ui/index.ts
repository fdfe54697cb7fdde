export {
  Button,
  type ButtonColor,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
  buttonClassName,
} from './Button.tsx';
export { Card, type CardBackground, type CardProps } from './Card.tsx';
export { cx, focusRing } from './cx.ts';
export { Dialog, type DialogProps } from './Dialog.tsx';
export { Field, FieldInput, type FieldInputProps, useFieldIds } from './Field.tsx';
export {
  Listbox,
  type ListboxOption,
  type ListboxProps,
  type MultipleListboxProps,
  type SingleListboxProps,
} from './Listbox.tsx';
export { LoadingDots, type LoadingDotsColor, type LoadingDotsProps } from './LoadingDots.tsx';
export { NumberField, type NumberFieldProps } from './NumberField.tsx';
export { Pagination, type PaginationItem, type PaginationProps, paginationItems } from './Pagination.tsx';
export { type TabLink, TabLinks } from './TabLinks.tsx';
export { TextField, type TextFieldProps, type TextFieldType } from './TextField.tsx';
export { TimeField, type TimeFieldProps } from './TimeField.tsx';
export { Toaster } from './Toast.tsx';
export { type ToastItem, type ToastOptions, type ToastType, toast } from './toast-store.ts';
