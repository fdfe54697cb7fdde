import { AddressField, type AddressFieldProps } from '../../islands/AddressField.tsx';
import { Island } from '../../islands/Island.tsx';

/**
 * An address field on a light page (docs/decisions/0094): typed and posted as it is, settled by the page
 * (pages/layout/form-post.ts), until it is first used; then it hydrates and suggests places as it is typed.
 * Uncontrolled: it posts its own inputs.
 */
export function AddressIsland(props: Omit<AddressFieldProps, 'value' | 'onChange'>) {
  return <Island name="AddressField" component={AddressField} props={props} when="used" />;
}
