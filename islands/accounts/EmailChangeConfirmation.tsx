import { type FormEvent, useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { FormAlert, retryMessage } from './FormAlert.tsx';

const CONFIRM = 'mutation ConfirmEmailChange($token: String!) { confirmEmailChange(token: $token) }';

/**
 * The new login e-mail's confirmation, from the link sent to it. A button rather than the link itself:
 * mail software opens links to scan them, and that must not change an account.
 */
export function EmailChangeConfirmation({ token }: { token: string }) {
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [done, setDone] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    setPending(true);
    try {
      await gqlRequest(CONFIRM, { token });
      setDone(true);
    } catch (failure) {
      if (failure instanceof GraphQLRequestError) {
        setAlert(failure.fields.token ?? retryMessage(failure));
      } else setAlert(MESSAGES.genericError);
    } finally {
      setPending(false);
    }
  }

  if (done) {
    return (
      <div role="status" className="flex flex-col gap-3 rounded-lg bg-white p-6">
        <p className="font-semibold">Votre nouvelle adresse e-mail est confirmée.</p>
        <p>C’est désormais avec elle que vous vous connectez.</p>
        <p>
          <a className="link" href={ROUTES.myProfile}>
            Retour à mon profil
          </a>
        </p>
      </div>
    );
  }
  return (
    <form method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
      <FormAlert message={alert} />
      <p>Confirmez que cette adresse est bien la vôtre : elle deviendra celle de votre compte.</p>
      <Button type="submit" size="xl" loading={pending} disabled={!token}>
        Confirmer ma nouvelle adresse
      </Button>
    </form>
  );
}
