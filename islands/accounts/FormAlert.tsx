import { plural } from '../../common/format.ts';
import type { GraphQLRequestError } from '../graphql.ts';

/** An error that belongs to the whole form, read out when it appears. */
export function FormAlert({ message }: { message: string | null }) {
  return (
    <div
      role="alert"
      className={message ? 'rounded-lg border-2 border-error-text bg-error-light p-4 font-medium' : 'sr-only'}
    >
      {message}
    </div>
  );
}

/** The API's French message, with when to try again for `rate_limited`. */
export function retryMessage(error: GraphQLRequestError): string {
  const retryAfter = Number(error.extensions?.retryAfter);
  if (error.code !== 'rate_limited' || !retryAfter) return error.message;
  const minutes = Math.ceil(retryAfter / 60);
  return `${error.message} Réessayez dans ${plural(minutes, 'minute')}.`;
}

/** BAD_USER_INPUT: messages to show under the fields rather than above the form. */
export function hasFieldErrors(error: GraphQLRequestError): boolean {
  return Object.keys(error.fields).length > 0;
}
