import type { PageContextServer } from 'vike/types';
import { refusalFormSchema } from '../../common/admin.ts';
import type { Decision } from '../../islands/admin/decisions.ts';
import { archiveCompany, refuseCompany, restoreCompany, validateCompany } from '../../server/admin/index.ts';
import { AppError } from '../../server/kernel/errors.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import type { FormPost } from '../layout/form-post.ts';
import type { AdminAction } from './admin-post.ts';

/**
 * The operators' decisions on a company posted without JavaScript (issue 36), from the queue and from the
 * company's page: the API's use cases, each posted under its name as `intent` (the island's `Decision`);
 * the refusal's reason is asked for as its dialog asks it (`refusalFormSchema`). `asks`: the decisions
 * whose dialog the page asks as a step first. `done`: where to go once decided; `gone`: once found decided
 * by another operator (without it, the page says the refusal's message).
 */
export function companyDecisions(
  pageContext: PageContextServer,
  {
    companyId,
    asks,
    done,
    gone,
  }: {
    companyId: (post: FormPost) => number | null;
    asks: Decision[];
    done: (decision: Decision, id: number) => string;
    gone?: (id: number) => string;
  },
): Record<Decision, AdminAction> {
  const { viewer, deps } = pageContext;
  const decision = (
    name: Decision,
    decide: (id: number, post: FormPost) => Promise<unknown>,
  ): AdminAction => ({
    asks: () => asks.includes(name),
    async run(post) {
      // An id that is no company's is a 404, as another region's.
      const id = companyId(post) ?? 0;
      try {
        await decide(id, post);
      } catch (error) {
        if (gone && error instanceof AppError && error.code === 'invalid_company_status') return gone(id);
        throw error;
      }
      return done(name, id);
    },
  });
  return {
    ValidateCompany: decision('ValidateCompany', (id) => validateCompany(viewer, { id }, deps)),
    RefuseCompany: decision('RefuseCompany', (id, post) =>
      refuseCompany(viewer, { id, ...parseInput(refusalFormSchema, post.fields) }, deps),
    ),
    ArchiveCompany: decision('ArchiveCompany', (id) => archiveCompany(viewer, { id }, deps)),
    RestoreCompany: decision('RestoreCompany', (id) => restoreCompany(viewer, { id }, deps)),
  };
}
