import { useData } from 'vike-react/useData';
import { TEAM_ROLE_LABELS, TEAM_ROLES, type TeamRole } from '../../../common/constants.ts';
import { elide, formatParisDay, plural } from '../../../common/format.ts';
import { ROUTES } from '../../../common/routes.ts';
import { teamRemovalWords } from '../../../common/team.ts';
import { Island } from '../../../islands/Island.tsx';
import { Button } from '../../../islands/ui/Button.tsx';
import { ConfirmStep } from '../../../islands/ui/ConfirmStep.tsx';
import { ConfirmSubmit } from '../../../islands/ui/ConfirmSubmit.tsx';
import { TextField } from '../../../islands/ui/TextField.tsx';
import { SelectField } from '../../admin/parts.tsx';
import { FormMessage, refusalFor, Section } from '../../my-groups/parts.tsx';
import type { Data } from './+data.ts';

type Member = Data['members'][number];

const ROLE_CHOICES = TEAM_ROLES.map((role) => ({ value: role, label: TEAM_ROLE_LABELS[role] }));

function RoleBadge({ role }: { role: TeamRole }) {
  return (
    <span
      className={
        role === 'admin'
          ? 'rounded-full bg-purple-light px-3 py-1 text-sm font-semibold text-purple-dark'
          : 'rounded-full bg-grey-light px-3 py-1 text-sm font-semibold text-grey-text'
      }
    >
      {TEAM_ROLE_LABELS[role]}
    </span>
  );
}

const lastLogin = (instant: string | null) =>
  instant ? `Dernière connexion le ${formatParisDay(new Date(instant))}` : 'Jamais connecté';

/** « Mon équipe » (issue 21): the company's recruiters, and for its admins what manages them. Plain forms. */
export default function Page() {
  const { companyName, members, invitations, requests, isAdmin, notice, refusal } = useData<Data>();
  const invite = refusalFor(refusal, 'invite');
  return (
    <div className="page flex max-w-4xl flex-col gap-6">
      <div className="flex flex-col gap-2">
        <p>
          <a className="link" href={ROUTES.myCompany}>
            Mon entreprise
          </a>
        </p>
        <h1>L’équipe {elide('de', companyName)}</h1>
        <p>
          Tous les membres publient et gèrent les créneaux et les rencontres de l’entreprise. Les
          administrateurs invitent des collègues, répondent aux demandes et gèrent les rôles.
        </p>
      </div>
      {notice && (
        <p
          role="status"
          className="rounded-lg border-2 border-green-text bg-green-light p-3 font-medium text-green-text"
        >
          {notice}
        </p>
      )}
      <Section id="membres" title={`${plural(members.length, 'membre')} dans l’équipe`}>
        <ul className="flex flex-col gap-4">
          {members.map((member) => (
            <MemberItem key={member.id} member={member} />
          ))}
        </ul>
      </Section>
      {isAdmin && requests.length > 0 && (
        <Section
          id="demandes"
          title={plural(
            requests.length,
            'demande pour rejoindre l’équipe',
            'demandes pour rejoindre l’équipe',
          )}
        >
          <ul className="flex flex-col gap-4">
            {requests.map((request) => {
              const answer = refusalFor(refusal, 'answer', request.id);
              return (
                <li key={request.id} className="flex flex-col gap-3 rounded-xl border border-grey p-4">
                  <p>
                    <span className="font-semibold">
                      {request.firstName} {request.lastName}
                    </span>{' '}
                    <span className="break-all">({request.email})</span>, le{' '}
                    {formatParisDay(new Date(request.createdAt))}
                  </p>
                  <FormMessage message={answer?.alert} />
                  <form method="post" action={`${ROUTES.myTeam}#demandes`} className="flex flex-wrap gap-3">
                    <input type="hidden" name="intent" value="answer" />
                    <input type="hidden" name="id" value={request.id} />
                    <Button type="submit" name="accept" value="true">
                      Accepter {request.firstName} {request.lastName}
                    </Button>
                    <Button type="submit" name="accept" value="false" variant="outline">
                      Refuser
                    </Button>
                  </form>
                </li>
              );
            })}
          </ul>
        </Section>
      )}
      {isAdmin && (
        <Section id="inviter" title="Inviter un collègue">
          <form
            method="post"
            action={`${ROUTES.myTeam}#inviter`}
            noValidate
            className="flex max-w-xl flex-col gap-4"
          >
            <input type="hidden" name="intent" value="invite" />
            <FormMessage message={invite?.alert} />
            <TextField
              label="Adresse e-mail professionnelle"
              name="email"
              type="email"
              required
              autoComplete="off"
              hint="Votre collègue reçoit un lien valable 7 jours pour choisir son mot de passe."
              defaultValue={invite?.values.email ?? ''}
              error={invite?.errors.email}
            />
            <SelectField
              label="Rôle"
              name="role"
              value={invite?.values.role ?? 'member'}
              choices={ROLE_CHOICES}
              error={invite?.errors.role}
            />
            <div>
              <Button type="submit">Envoyer l’invitation</Button>
            </div>
          </form>
          {invitations.length > 0 && (
            <div className="flex flex-col gap-2">
              <h3>{plural(invitations.length, 'invitation en attente', 'invitations en attente')}</h3>
              <ul className="flex flex-col gap-2">
                {invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center gap-2">
                    <span className="break-all font-semibold">{invitation.email}</span>
                    <RoleBadge role={invitation.role} />
                    <span>lien valable jusqu’au {formatParisDay(new Date(invitation.expiresAt))}</span>
                    <form method="post" action={`${ROUTES.myTeam}#inviter`}>
                      <input type="hidden" name="intent" value="withdraw" />
                      <input type="hidden" name="id" value={invitation.id} />
                      <Button type="submit" size="m" variant="outline" color="error">
                        Retirer l’invitation<span className="sr-only"> de {invitation.email}</span>
                      </Button>
                    </form>
                  </li>
                ))}
              </ul>
            </div>
          )}
        </Section>
      )}
    </div>
  );
}

function MemberItem({ member }: { member: Member }) {
  const { isAdmin, meId, adminCount, refusal } = useData<Data>();
  const isMe = member.id === String(meId);
  const role = refusalFor(refusal, 'role', member.id);
  const remove = refusalFor(refusal, 'remove', member.id);
  const lastAdmin = member.role === 'admin' && adminCount <= 1;
  const name = `${member.firstName} ${member.lastName}`;
  return (
    <li className="flex flex-col gap-3 rounded-xl border border-grey p-4">
      <div className="flex flex-wrap items-center gap-2">
        <span className="font-semibold">
          {name}
          {isMe && ' (vous)'}
        </span>
        <RoleBadge role={member.role} />
      </div>
      <p className="break-all">{member.email}</p>
      <p className="text-sm">{lastLogin(member.lastLoginAt)}</p>
      <FormMessage message={role?.alert ?? remove?.alert} />
      {isAdmin && (
        <div className="flex flex-wrap items-end gap-3">
          <form method="post" action={`${ROUTES.myTeam}#membres`} className="flex flex-wrap items-end gap-3">
            <input type="hidden" name="intent" value="role" />
            <input type="hidden" name="userId" value={member.id} />
            <div className="w-48">
              <SelectField
                label={`Rôle ${elide('de', name)}`}
                name="role"
                value={member.role}
                choices={ROLE_CHOICES}
              />
            </div>
            <Button type="submit" variant="outline">
              Changer le rôle
            </Button>
          </form>
          {!lastAdmin && <RemoveForm member={member} isMe={isMe} />}
        </div>
      )}
      {!isAdmin && isMe && <RemoveForm member={member} isMe />}
      {isAdmin && lastAdmin && (
        <p className="text-sm">
          Seul administrateur : nommez d’abord un autre administrateur pour quitter l’équipe.
        </p>
      )}
    </li>
  );
}

/**
 * « Retirer … de l’équipe » or « Quitter l’équipe »: asked in a dialog once the page's script runs; without it,
 * the post comes back as this confirmation step, whose button sends `confirm=1` (docs/decisions/0082).
 */
function RemoveForm({ member, isMe }: { member: Member; isMe: boolean }) {
  const { confirmingRemovalOf } = useData<Data>();
  const name = `${member.firstName} ${member.lastName}`;
  const words = teamRemovalWords(name, isMe);
  const label = isMe ? 'Quitter l’équipe' : `Retirer ${name} de l’équipe`;
  if (confirmingRemovalOf === member.id) {
    return (
      <ConfirmStep
        id="confirmer-retrait"
        title={words.title}
        confirmLabel={words.confirmLabel}
        cancelHref={ROUTES.myTeam}
        action={`${ROUTES.myTeam}#membres`}
        fields={{ intent: 'remove', userId: member.id }}
      >
        {words.paragraphs.map((paragraph) => (
          <p key={paragraph}>{paragraph}</p>
        ))}
      </ConfirmStep>
    );
  }
  return (
    <form method="post" action={`${ROUTES.myTeam}#confirmer-retrait`}>
      <input type="hidden" name="intent" value="remove" />
      <input type="hidden" name="userId" value={member.id} />
      <Island name="ConfirmSubmit" component={ConfirmSubmit} props={{ label, ...words }} />
    </form>
  );
}
