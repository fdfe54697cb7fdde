import { type FormEvent, useId, useState } from 'react';
import { MESSAGES } from '../../../common/messages.ts';
import { ROUTES } from '../../../common/routes.ts';
import { GraphQLRequestError, gqlRequest } from '../../graphql.ts';
import { endBrowserSession } from '../../session-store.ts';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormAlert, retryMessage } from '../FormAlert.tsx';

const DELETE_ACCOUNT =
  'mutation DeleteAccount($password: String!) { requestAccountDeletion(password: $password) }';

/** Where the browser goes once the account is gone: the landing page says so. */
export const ACCOUNT_DELETED_PATH = `${ROUTES.landing}?compte=supprime`;

/** The teacher's account deletion request (PRODUCT.md, Accounts), confirmed with the password in a dialog. */
export function DeleteAccount() {
  const headingId = useId();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  function close() {
    if (pending) return;
    setOpen(false);
    setPassword('');
    setFieldError(undefined);
    setAlert(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!password) return setFieldError(MESSAGES.required);
    setFieldError(undefined);
    setAlert(null);
    setPending(true);
    try {
      await gqlRequest(DELETE_ACCOUNT, { password }, 'DeleteAccount');
      await endBrowserSession();
      window.location.assign(ACCOUNT_DELETED_PATH);
    } catch (error) {
      setPending(false);
      if (error instanceof GraphQLRequestError && error.fields.password) setFieldError(error.fields.password);
      else setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
    }
  }

  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl bg-white p-6">
      <h2 id={headingId}>Supprimer mon compte</h2>
      <p>Vous pouvez demander la suppression de votre compte. Dans ce cas :</p>
      <ul className="list-disc pl-6">
        <li>vos informations personnelles sont effacées et votre compte est anonymisé ;</li>
        <li>
          vos rendez-vous à venir sont annulés et les entreprises concernées sont prévenues par e-mail ;
        </li>
        <li>vous ne pouvez plus vous connecter.</li>
      </ul>
      <p className="font-bold">Cette suppression est définitive.</p>
      <div>
        <Button color="error" variant="outline" onClick={() => setOpen(true)}>
          Supprimer mon compte
        </Button>
      </div>
      <Dialog
        open={open}
        onClose={close}
        title="Supprimer définitivement votre compte ?"
        actions={
          <>
            <Button variant="outline" color="black" onClick={close} disabled={pending}>
              Annuler
            </Button>
            <Button type="submit" form={formId} color="error" loading={pending}>
              Supprimer mon compte
            </Button>
          </>
        }
      >
        <form id={formId} method="post" noValidate onSubmit={submit} className="flex flex-col gap-4">
          <p>
            Vos rendez-vous à venir seront annulés et les entreprises prévenues. Pour confirmer, saisissez
            votre mot de passe.
          </p>
          <FormAlert message={alert} />
          <TextField
            label="Mot de passe actuel"
            type="password"
            autoComplete="current-password"
            required
            value={password}
            error={fieldError}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </form>
      </Dialog>
    </section>
  );
}
