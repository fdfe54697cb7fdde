import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { fieldErrors } from '../../common/accounts.ts';
import { ROUTES } from '../../common/routes.ts';
import { acceptInvitationSchema, TEAM_MESSAGES } from '../../common/team.ts';
import { startSession } from '../../server/accounts/index.ts';
import { invalidInput } from '../../server/kernel/errors.ts';
import { parseInput } from '../../server/kernel/validation.ts';
import { acceptRecruiterInvitation, invitationOf } from '../../server/teams/index.ts';
import { formPostOf, refusalOf } from '../layout/form-post.ts';

/**
 * An invitation's link (issue 21): the colleague gives their name and chooses a password, joins the team as
 * a recruiter and is logged in. A plain HTML form posted to this page; the values are kept on error, never
 * the password.
 */
export async function data(pageContext: PageContextServer) {
  const { deps } = pageContext;
  const post = await formPostOf(pageContext);
  const token = post?.fields.token ?? pageContext.urlParsed.search.token ?? '';
  let refusal = null;
  if (post) {
    refusal = await refusalOf(post, async () => {
      // Every field's rule is said at once, the confirmation's with them.
      const checked = acceptInvitationSchema.safeParse(post.fields);
      const errors = checked.success ? {} : fieldErrors(checked.error);
      if (post.fields.password !== post.fields.passwordConfirmation) {
        errors.passwordConfirmation = TEAM_MESSAGES.passwordMismatch;
      }
      if (Object.keys(errors).length > 0) throw invalidInput(errors);
      const user = await acceptRecruiterInvitation(parseInput(acceptInvitationSchema, post.fields), deps);
      // The session's cookie goes on Hono's response, which formPostOf made for the answer.
      await startSession(pageContext.runtime.hono, user.id);
    });
    if (!refusal) throw redirect(`${ROUTES.myTeam}`);
    const { password: _p, passwordConfirmation: _c, ...values } = refusal.values;
    refusal = { ...refusal, values };
  }
  const invitation = token ? await invitationOf(token, deps) : null;
  return {
    token,
    invitation: invitation ? { companyName: invitation.companyName, email: invitation.email } : null,
    refusal,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
