import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { hasFieldErrors } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { ConfirmDialog } from '../ui/ConfirmDialog.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { TextField } from '../ui/TextField.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';

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

/**
 * The national administrators' list of operators: invite one (national or for a region) by e-mail, invite
 * again one who has not answered, remove one after a confirmation. The list is the server's: after a
 * change the page loads again.
 */
export function OperatorsManager({
  operators,
  regions,
}: {
  operators: OperatorItem[];
  regions: { code: string; name: string }[];
}) {
  const [removing, setRemoving] = useState<OperatorItem | null>(null);
  const [busy, setBusy] = useState(false);

  async function remove(operator: OperatorItem) {
    setBusy(true);
    try {
      await gqlRequest(REMOVE, { id: operator.id }, 'RemoveOperator');
      window.location.reload();
    } catch (error) {
      toast.danger(error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError);
      setBusy(false);
    }
  }

  async function reinvite(operator: OperatorItem) {
    setBusy(true);
    try {
      await gqlRequest(
        INVITE,
        {
          email: operator.email,
          scope: operator.regionCode ? 'regional' : 'national',
          regionCode: operator.regionCode,
        },
        'InviteOperator',
      );
      toast.success(`Une nouvelle invitation a été envoyée à ${operator.email}.`);
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
        <ul className="flex flex-col gap-3">
          {operators.map((operator) => (
            <li
              key={operator.id}
              className="flex flex-wrap items-center justify-between gap-3 rounded-xl bg-white p-4"
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
              {!operator.self && (
                <div className="flex flex-wrap gap-2">
                  {operator.pending && (
                    <Button
                      variant="outline"
                      color="black"
                      disabled={busy}
                      onClick={() => reinvite(operator)}
                    >
                      Renvoyer l’invitation<span className="sr-only"> à {operator.email}</span>
                    </Button>
                  )}
                  <Button
                    variant="outline"
                    color="error"
                    disabled={busy}
                    onClick={() => setRemoving(operator)}
                  >
                    Retirer<span className="sr-only"> {operator.email}</span>
                  </Button>
                </div>
              )}
            </li>
          ))}
        </ul>
      </section>
      <InviteForm regions={regions} />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? `Retirer l’accès de ${removing.email} ?` : ''}
        confirmLabel="Retirer l’accès"
        pending={busy}
        onCancel={() => setRemoving(null)}
        onConfirm={() => removing && remove(removing)}
      >
        <p>
          La personne ne pourra plus se connecter à l’administration ; ses sessions en cours sont fermées. Ses
          actions passées restent dans le journal.
        </p>
      </ConfirmDialog>
      <Toaster />
    </div>
  );
}

function InviteForm({ regions }: { regions: { code: string; name: string }[] }) {
  const [email, setEmail] = useState('');
  const [scope, setScope] = useState<Scope>('regional');
  const [regionCode, setRegionCode] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
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
      window.location.reload();
    } catch (error) {
      if (error instanceof GraphQLRequestError && hasFieldErrors(error)) setErrors(error.fields);
      else if (error instanceof GraphQLRequestError && error.code === 'email_already_exists') {
        setErrors({ email: error.message });
      } else toast.danger(error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError);
      setPending(false);
    }
  }

  return (
    <section aria-labelledby="invite-operator" className="rounded-xl bg-white p-6">
      <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
        <h2 id="invite-operator">Inviter un opérateur</h2>
        <TextField
          label="E-mail"
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
