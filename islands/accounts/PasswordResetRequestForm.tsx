import { type FormEvent, useState } from 'react';
import { fieldErrors, passwordResetRequestSchema } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { TextField } from '../ui/TextField.tsx';
import { FormAlert, retryMessage } from './FormAlert.tsx';

const REQUEST = 'mutation RequestPasswordReset($email: String!) { requestPasswordReset(email: $email) }';

/**
 * Asks for a reset link; the confirmation never says whether the account exists. `sent` and `posted` come
 * from the page after a plain post (pages/forgot-password/+data.ts).
 */
export function PasswordResetRequestForm({
  sent = false,
  posted = null,
}: {
  sent?: boolean;
  posted?: { email: string; error: string | undefined; alert: string | null } | null;
}) {
  const [email, setEmail] = useState(posted?.email ?? '');
  const [error, setError] = useState<string | undefined>(posted?.error);
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = passwordResetRequestSchema.safeParse({ email });
    setAlert(null);
    if (!parsed.success) return setError(fieldErrors(parsed.error).email);
    setError(undefined);
    setPending(true);
    try {
      await gqlRequest(REQUEST, parsed.data);
      setSentTo(parsed.data.email);
    } catch (failure) {
      setAlert(failure instanceof GraphQLRequestError ? retryMessage(failure) : MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  if (sentTo || sent) {
    return (
      <div role="status" className="flex flex-col gap-3 rounded-lg bg-white p-6">
        <p className="font-semibold">Demande enregistrée.</p>
        <p>
          Si un compte existe pour {sentTo ?? 'cette adresse'}, un e-mail vient d’y être envoyé avec un lien
          pour choisir un nouveau mot de passe. Le lien est valable une heure.
        </p>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormAlert message={alert} />
      <TextField
        label="Adresse e-mail"
        type="email"
        name="email"
        autoComplete="email"
        required
        value={email}
        onChange={(e) => setEmail(e.currentTarget.value)}
        error={error}
      />
      <Button type="submit" size="xl" loading={pending}>
        Recevoir le lien
      </Button>
    </form>
  );
}
