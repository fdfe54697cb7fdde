import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { FormAlert, hasFieldErrors } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { ConfirmStep } from '../ui/ConfirmStep.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { PostButton } from '../ui/PostButton.tsx';
import { TextField } from '../ui/TextField.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';
import { type PlainPost, plainPostFor } from './plain-post.ts';

const INVITE =
  'mutation InviteOperator($email: String!, $scope: AdminScope!, $regionCode: String) { inviteOperator(email: $email, scope: $scope, regionCode: $regionCode) }';
const REMOVE = 'mutation RemoveOperator($id: ID!) { removeOperator(id: $id) }';

interface OperatorItem {
  id: string;
  email: string;
  /** null: a national administrator. */
  regionCode: string | null;
  regionName: string | null;
  /** Invited, no password chosen yet. */
  pending: boolean;
  /** The viewer: they cannot remove themselves. */
  self: boolean;
}

type Scope = 'national' | 'regional';

/** The page's address, where its plain forms post (pages/admin/operators/+data.ts). */
export const OPERATORS_PATH = '/admin/operators';

/** The intents of the page's plain forms. */
export const OPERATOR_INTENTS = { invite: 'invite', reinvite: 'reinvite', remove: 'remove' } as const;

/** What the page says once a change is done (`?fait=`), loaded again from the server either way. */
export const OPERATOR_NOTICES = {
  invitation: 'L’invitation est envoyée : le lien est valable une semaine.',
  retrait: 'L’accès est retiré : la personne ne peut plus se connecter à l’administration.',
} as const;

/** What « Renvoyer l'invitation » says, a toast or the page's notice. */
export const reinvited = (email: string) => `Une nouvelle invitation a été envoyée à ${email}.`;

const removalTitle = (operator: OperatorItem) => `Retirer l’accès de ${operator.email} ?`;
const REMOVAL_CONFIRM = 'Retirer l’accès';
const REMOVAL_CONSEQUENCE =
  'La personne ne pourra plus se connecter à l’administration ; ses sessions en cours sont fermées. Ses actions passées restent dans le journal.';

/** The invitation's fields as the API takes them: an operator invited again keeps their scope and region. */
const invitationOf = (operator: OperatorItem) => ({
  email: operator.email,
  scope: operator.regionCode ? 'regional' : 'national',
  regionCode: operator.regionCode ?? '',
});

/**
 * The national administrators' list of operators: invite one (national or for a region) by e-mail, invite
 * again one who has not answered, remove one after a confirmation. The list is the server's: after a
 * change the page loads again, saying what was done. Before the script runs (or without it) each is a plain
 * form posted to the page; the removal comes back as a step asking first (`plain`).
 */
export function OperatorsManager({
  operators,
  regions,
  plain = null,
}: {
  operators: OperatorItem[];
  regions: { code: string; name: string }[];
  plain?: PlainPost | null;
}) {
  const [removing, setRemoving] = useState<OperatorItem | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(operator: OperatorItem) {
    setBusy(true);
    try {
      await gqlRequest(REMOVE, { id: operator.id }, 'RemoveOperator');
      window.location.assign(`${OPERATORS_PATH}?fait=retrait`);
    } catch (error) {
      toast.danger(error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError);
      setBusy(false);
    }
  }

  async function reinvite(operator: OperatorItem) {
    setBusy(true);
    try {
      const { regionCode, ...invitation } = invitationOf(operator);
      await gqlRequest(INVITE, { ...invitation, regionCode: regionCode || null }, 'InviteOperator');
      toast.success(reinvited(operator.email));
    } catch (error) {
      toast.danger(error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError);
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="operators-list" className="flex flex-col gap-4">
        <h2 id="operators-list">Opérateurs</h2>
        {plain && plain.intent !== OPERATOR_INTENTS.invite && (plain.alert ?? plain.errors.id) && (
          <FormAlert message={plain.alert ?? plain.errors.id ?? null} />
        )}
        <ul className="flex flex-col gap-3">
          {operators.map((operator) => {
            const asked = plainPostFor(plain, OPERATOR_INTENTS.remove, operator.id);
            return (
              <li
                key={operator.id}
                id={`operateur-${operator.id}`}
                className="flex scroll-mt-24 flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4"
              >
                <div>
                  <p className="break-all font-semibold">
                    {operator.email}
                    {operator.self && ' (vous)'}
                  </p>
                  <p className="text-grey-text">
                    {operator.regionCode
                      ? `Opérateur régional — ${operator.regionName}`
                      : 'Administrateur national'}
                    {operator.pending && ' — invitation en attente'}
                  </p>
                </div>
                {asked ? (
                  <ConfirmStep
                    title={removalTitle(operator)}
                    confirmLabel={REMOVAL_CONFIRM}
                    cancelHref={asked.pageUrl}
                    action={`#operateur-${operator.id}`}
                    fields={{ intent: OPERATOR_INTENTS.remove, id: operator.id }}
                  >
                    <p>{REMOVAL_CONSEQUENCE}</p>
                  </ConfirmStep>
                ) : (
                  !operator.self && (
                    <div className="flex flex-wrap gap-2">
                      {operator.pending && (
                        <PostButton
                          action={`#operateur-${operator.id}`}
                          fields={{
                            intent: OPERATOR_INTENTS.reinvite,
                            id: operator.id,
                            ...invitationOf(operator),
                          }}
                          variant="outline"
                          color="black"
                          disabled={busy}
                          onPress={() => void reinvite(operator)}
                        >
                          Renvoyer l’invitation<span className="sr-only"> à {operator.email}</span>
                        </PostButton>
                      )}
                      <PostButton
                        action={`#operateur-${operator.id}`}
                        fields={{ intent: OPERATOR_INTENTS.remove, id: operator.id }}
                        variant="outline"
                        color="error"
                        disabled={busy}
                        onPress={() => setRemoving(operator)}
                      >
                        Retirer<span className="sr-only"> {operator.email}</span>
                      </PostButton>
                    </div>
                  )
                )}
              </li>
            );
          })}
        </ul>
      </section>
      <InviteForm regions={regions} posted={plainPostFor(plain, OPERATOR_INTENTS.invite)} />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? removalTitle(removing) : ''}
        confirmLabel={REMOVAL_CONFIRM}
        pending={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove(removing)}
      >
        <p>{REMOVAL_CONSEQUENCE}</p>
      </ConfirmDialog>
      <Toaster />
    </div>
  );
}

function InviteForm({
  regions,
  posted,
}: {
  regions: { code: string; name: string }[];
  posted: PlainPost | null;
}) {
  const [email, setEmail] = useState(posted?.values.email ?? '');
  const [scope, setScope] = useState<Scope>(posted?.values.scope === 'national' ? 'national' : 'regional');
  const [regionCode, setRegionCode] = useState(posted?.values.regionCode ?? '');
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [pending, setPending] = useState(false);
  const regionIds = useFieldIds();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!email.trim()) missing.email = MESSAGES.required;
    if (scope === 'regional' && !regionCode) missing.regionCode = 'Choisissez la région de l’opérateur';
    setErrors(missing);
    if (Object.keys(missing).length > 0) return;
    setPending(true);
    try {
      await gqlRequest(
        INVITE,
        { email: email.trim(), scope, regionCode: scope === 'regional' ? regionCode : null },
        'InviteOperator',
      );
      window.location.assign(`${OPERATORS_PATH}?fait=invitation`);
    } catch (error) {
      if (error instanceof GraphQLRequestError && hasFieldErrors(error)) setErrors(error.fields);
      else if (error instanceof GraphQLRequestError && error.code === 'email_already_exists') {
        setErrors({ email: error.message });
      } else toast.danger(error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError);
      setPending(false);
    }
  }

  return (
    <section id="inviter" aria-labelledby="invite-operator" className="scroll-mt-24 rounded-xl bg-white p-6">
      <form method="post" action="#inviter" noValidate onSubmit={submit} className="flex flex-col gap-5">
        <h2 id="invite-operator">Inviter un opérateur</h2>
        <input type="hidden" name="intent" value={OPERATOR_INTENTS.invite} />
        {posted?.alert && <FormAlert message={posted.alert} />}
        <TextField
          label="E-mail"
          name="email"
          type="email"
          autoComplete="off"
          required
          value={email}
          error={errors.email}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <ChoiceGroup<Scope>
          legend="Périmètre"
          name="scope"
          required
          options={[
            { value: 'regional', label: 'Opérateur régional : une région' },
            { value: 'national', label: 'Administrateur national : toute la France' },
          ]}
          value={scope}
          error={errors.scope}
          onChange={setScope}
        />
        {scope === 'regional' && (
          <Field ids={regionIds} label="Région" required error={errors.regionCode}>
            <select
              id={regionIds.controlId}
              name="regionCode"
              required
              value={regionCode}
              onChange={(event) => setRegionCode(event.currentTarget.value)}
              {...describedControlProps(regionIds, { error: errors.regionCode })}
              className={controlClassName(Boolean(errors.regionCode))}
            >
              <option value="">Choisissez une région</option>
              {regions.map((region) => (
                <option key={region.code} value={region.code}>
                  {region.name}
                </option>
              ))}
            </select>
          </Field>
        )}
        <div>
          <Button type="submit" loading={pending}>
            Envoyer l’invitation
          </Button>
        </div>
      </form>
    </section>
  );
}
