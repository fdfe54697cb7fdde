import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import { ROUTES } from '../../../common/routes.ts';
import {
  answerJoinRequestSchema,
  inviteRecruiterSchema,
  removeRecruiterSchema,
  setRecruiterRoleSchema,
  withdrawInvitationSchema,
} from '../../../common/team.ts';
import { compareFrench } from '../../../common/text.ts';
import { parseInput } from '../../../server/kernel/validation.ts';
import {
  answerJoinRequest,
  inviteRecruiter,
  myTeam,
  removeRecruiter,
  setRecruiterRole,
  withdrawInvitation,
} from '../../../server/teams/index.ts';
import { type FormPost, type FormRefusal, formPostOf, refusalOf } from '../../layout/form-post.ts';

/** What the page says once a form was done (`?fait=`), the redirect's word. */
export const TEAM_NOTICES = {
  invitation: 'Invitation envoyée : le lien est valable 7 jours.',
  role: 'Le rôle est changé.',
  retrait:
    'Le membre est retiré de l’équipe : ses sessions sont terminées, ses créneaux restent à l’entreprise.',
  acceptee: 'Demande acceptée : la personne est prévenue par e-mail et peut se connecter.',
  refusee: 'Demande refusée : la personne est prévenue par e-mail.',
  'invitation-retiree': 'Invitation retirée : son lien ne permet plus de rejoindre l’équipe.',
} as const;
type Notice = keyof typeof TEAM_NOTICES;

/**
 * The page's forms (plain HTML posts, docs/decisions/0049): invite, withdraw an invitation, change a role,
 * remove, answer a request. A removal asks first (docs/decisions/0082): posted without `confirm=1` (no
 * JavaScript), it does nothing and the page shows its confirmation step.
 */
async function act(post: FormPost, pageContext: PageContextServer): Promise<FormRefusal | null> {
  const { viewer, deps } = pageContext;
  let done: Notice = 'invitation';
  let next: string | null = null;
  const target = post.intent === 'invite' ? null : (post.fields.userId ?? post.fields.id ?? null);
  const refusal = await refusalOf(
    post,
    async () => {
      if (post.intent === 'invite') {
        await inviteRecruiter(viewer, parseInput(inviteRecruiterSchema, post.fields), deps);
      } else if (post.intent === 'withdraw') {
        await withdrawInvitation(viewer, parseInput(withdrawInvitationSchema, post.fields), deps);
        done = 'invitation-retiree';
      } else if (post.intent === 'role') {
        await setRecruiterRole(viewer, parseInput(setRecruiterRoleSchema, post.fields), deps);
        done = 'role';
      } else if (post.intent === 'remove') {
        const input = parseInput(removeRecruiterSchema, post.fields);
        await removeRecruiter(viewer, input, deps);
        done = 'retrait';
        // Who leaves the team leaves the company's pages: their session ended with it.
        if (input.userId === viewer?.id) next = ROUTES.loginCompany;
      } else if (post.intent === 'answer') {
        const input = parseInput(answerJoinRequestSchema, post.fields);
        await answerJoinRequest(viewer, input, deps);
        done = input.accept ? 'acceptee' : 'refusee';
      }
    },
    target,
  );
  if (!refusal) throw redirect(next ?? `${ROUTES.myTeam}?fait=${done}`);
  return refusal;
}

/** « Mon équipe »: the company's recruiters; for its admins, the invitations and join requests too. */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps } = pageContext;
  const post = await formPostOf(pageContext);
  const confirming = post?.intent === 'remove' && post.fields.confirm !== '1';
  const refusal = post && !confirming ? await act(post, pageContext) : null;
  const { company, me, members, invitations, requests } = await myTeam(viewer, deps);
  const asked = pageContext.urlParsed.search.fait;
  const notice = asked && Object.hasOwn(TEAM_NOTICES, asked) ? TEAM_NOTICES[asked as Notice] : null;
  return {
    companyName: company.name,
    meId: viewer?.id ?? 0,
    isAdmin: me?.role === 'admin',
    adminCount: members.filter((member) => member.role === 'admin').length,
    members: members
      .map((member) => ({
        id: String(member.id),
        firstName: member.firstName,
        lastName: member.lastName,
        email: member.email,
        role: member.role,
        lastLoginAt: member.lastLoginAt?.toISOString() ?? null,
      }))
      .sort((a, b) => compareFrench(a.lastName, b.lastName) || compareFrench(a.firstName, b.firstName)),
    invitations: invitations.map((invitation) => ({
      id: String(invitation.id),
      email: invitation.email,
      role: invitation.role,
      expiresAt: invitation.expiresAt.toISOString(),
    })),
    requests: requests.map((request) => ({
      id: String(request.id),
      firstName: request.firstName,
      lastName: request.lastName,
      email: request.email,
      createdAt: request.createdAt.toISOString(),
    })),
    notice,
    refusal,
    /** The member whose removal waits for its confirmation step (no JavaScript). */
    confirmingRemovalOf: confirming ? (post.fields.userId ?? null) : null,
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
