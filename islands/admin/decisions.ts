import { MESSAGES } from '../../common/messages.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { toast } from '../ui/toast-store.ts';

/** The operators' decisions on a company (API.md, Back-office). */
const MUTATIONS = {
  ValidateCompany: 'mutation ValidateCompany($id: ID!) { validateCompany(id: $id) { id status } }',
  RefuseCompany:
    'mutation RefuseCompany($id: ID!, $reason: String) { refuseCompany(id: $id, reason: $reason) { id status } }',
  ArchiveCompany: 'mutation ArchiveCompany($id: ID!) { archiveCompany(id: $id) { id status } }',
  RestoreCompany: 'mutation RestoreCompany($id: ID!) { restoreCompany(id: $id) { id status } }',
} as const;

export type Decision = keyof typeof MUTATIONS;

/** Errors after which the decision has nothing left to do: another operator got there first. */
const ALREADY_HANDLED = new Set(['invalid_company_status', 'NOT_FOUND']);

/** done; gone (someone else decided first: said as a warning); failed (said, nothing changed). */
type Outcome = 'done' | 'gone' | 'failed';

/** Sends one decision and says in a toast how it went (its success too, when given a message for it). */
export async function decide(
  decision: Decision,
  variables: { id: string; reason?: string },
  success?: string,
): Promise<Outcome> {
  try {
    await gqlRequest(MUTATIONS[decision], variables, decision);
    if (success) toast.success(success);
    return 'done';
  } catch (error) {
    const failure =
      error instanceof GraphQLRequestError
        ? error
        : new GraphQLRequestError('other_error', MESSAGES.genericError);
    if (ALREADY_HANDLED.has(failure.code)) {
      toast.warning(failure.message);
      return 'gone';
    }
    toast.danger(failure.message);
    return 'failed';
  }
}
