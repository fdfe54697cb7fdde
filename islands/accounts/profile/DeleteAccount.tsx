import { type FormEvent, useId, useState } from 'react';
import { MESSAGES } from '../../../common/messages.ts';
import { ROUTES } from '../../../common/routes.ts';
import { GraphQLRequestError, gqlRequest } from '../../graphql.ts';
import { endBrowserSession } from '../../session-store.ts';
import { AskPageForm } from '../../ui/AskPageForm.tsx';
import { Button } from '../../ui/Button.tsx';
import { Dialog } from '../../ui/Dialog.tsx';
import { TextField } from '../../ui/TextField.tsx';
import { FormAlert, retryMessage } from '../FormAlert.tsx';

const DELETE_ACCOUNT =
  'mutation DeleteAccount($password: String!) { requestAccountDeletion(password: $password) }';

/** Where the browser goes once the account is gone: the landing page says so. */
export const ACCOUNT_DELETED_PATH = `${ROUTES.landing}?compte=supprime`;

/** The deletion's form among the page's others (pages/my-profile/deletion-post.ts). */
export const DELETE_ACCOUNT_INTENT = 'deleteAccount';
/** `?supprimer=1`: the page shows the deletion's form open, in its section (a dialog needs a script). */
export const DELETE_ACCOUNT_OPEN = 'supprimer';
/** The section, where the page comes back to the form. */
const SECTION_ID = 'supprimer-mon-compte';

/** The deletion's form as the page shows it without JavaScript: asked open, or refused. */
export interface PlainDeletion {
  open: boolean;
  /** The password's message (never the password itself). */
  error: string | null;
  alert: string | null;
}

const INTRO =
  'Vos rendez-vous à venir seront annulés et les entreprises prévenues. Pour confirmer, saisissez votre mot de passe.';

/**
 * The teacher's account deletion request (PRODUCT.md, Accounts), confirmed with the password in a dialog.
 * Before or without JavaScript, « Supprimer mon compte » asks the page for the form (`?supprimer=1`), shown
 * in the section, which posts to the page (decision 0090).
 */
export function DeleteAccount({ plain = null }: { plain?: PlainDeletion | null }) {
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
    <section
      id={SECTION_ID}
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-xl bg-white p-6"
    >
      <h2 id={headingId} className="scroll-mt-24">
        Supprimer mon compte
      </h2>
      <p>Vous pouvez demander la suppression de votre compte. Dans ce cas :</p>
      <ul className="list-disc pl-6">
        <li>vos informations personnelles sont effacées et votre compte est anonymisé ;</li>
        <li>
          vos rendez-vous à venir sont annulés et les entreprises concernées sont prévenues par e-mail ;
        </li>
        <li>vous ne pouvez plus vous connecter.</li>
      </ul>
      <p className="font-bold">Cette suppression est définitive.</p>
      {plain?.open ? (
        <PlainDeletionForm plain={plain} />
      ) : (
        <AskPageForm
          pageUrl={ROUTES.myProfile}
          ask={[DELETE_ACCOUNT_OPEN, 1]}
          fragment={SECTION_ID}
          onOpen={() => setOpen(true)}
        >
          <Button type="submit" color="error" variant="outline">
            Supprimer mon compte
          </Button>
        </AskPageForm>
      )}
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
          <p>{INTRO}</p>
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

/** The dialog's form in the section, posted to the page: with or without JavaScript, the browser sends it. */
function PlainDeletionForm({ plain }: { plain: PlainDeletion }) {
  const [password, setPassword] = useState('');
  return (
    <form
      method="post"
      action={`${ROUTES.myProfile}#${SECTION_ID}`}
      noValidate
      aria-label="Supprimer définitivement votre compte ?"
      className="flex flex-col gap-4 rounded-xl border-2 border-error-text p-4"
    >
      <input type="hidden" name="intent" value={DELETE_ACCOUNT_INTENT} />
      <p className="font-bold">Supprimer définitivement votre compte ?</p>
      <p>{INTRO}</p>
      <FormAlert message={plain.alert} />
      <TextField
        label="Mot de passe actuel"
        type="password"
        name="password"
        autoComplete="current-password"
        required
        value={password}
        error={plain.error ?? undefined}
        onChange={(event) => setPassword(event.currentTarget.value)}
      />
      <div className="flex flex-wrap gap-3">
        <Button type="submit" color="error">
          Supprimer mon compte
        </Button>
        <Button href={ROUTES.myProfile} variant="outline" color="black">
          Annuler
        </Button>
      </div>
    </form>
  );
}
