import { useState } from 'react';
import { elide } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button, type ButtonColor } from '../ui/Button.tsx';
import { ConfirmStep } from '../ui/ConfirmStep.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { PostButton } from '../ui/PostButton.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';
import type { PlainPost } from './plain-post.ts';

const SEND_ACCESS_LINK = 'mutation SendAccessLink($id: ID!) { sendAccessLink(userId: $id) }';
const ANONYMISE_TEACHER = 'mutation AnonymiseTeacher($id: ID!) { anonymiseTeacher(userId: $id) }';

/** Where the back-office goes once a teacher's account is deleted: the list says it. */
export const ANONYMISED_NOTICE_PARAM = 'supprime';

/** The actions, each the intent of its plain form (pages/admin/people/@id/+data.ts). */
export type PersonAction = 'link' | 'anonymise';

/** What « Envoyer un lien de connexion » says once sent: a toast, or the page's notice. */
export const linkSent = (email: string) => `Un lien pour choisir un mot de passe a été envoyé à ${email}.`;

const failureOf = (error: unknown) =>
  error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError;

/** Each action's words: its button, and the question asked before (a dialog, or the page's step). */
function wordsOf(action: PersonAction, name: string, email: string) {
  return action === 'link'
    ? {
        button: 'Envoyer un lien de connexion',
        title: `Envoyer un lien de connexion à ${name} ?`,
        confirm: 'Envoyer le lien',
        color: 'purple' as ButtonColor,
        consequence: `Un e-mail est envoyé à ${email} avec un lien pour choisir un nouveau mot de passe. Le mot de passe actuel reste valable tant que le lien n’est pas utilisé.`,
      }
    : {
        button: 'Supprimer le compte à sa demande',
        title: `Supprimer le compte ${elide('de', name)} ?`,
        confirm: 'Supprimer le compte',
        color: 'error' as ButtonColor,
        consequence:
          'À faire uniquement à la demande de la personne. Ses rencontres à venir sont annulées et les entreprises prévenues ; son compte est anonymisé (nom, e-mail, téléphone) et ses favoris supprimés. Un e-mail lui confirme la suppression. Les rencontres passées restent dans les statistiques, sans son nom. Cette action est définitive.',
      };
}

/**
 * What an operator does for a person: e-mail them a link to choose their password (a lost one, or an
 * invitation never opened), and for a teacher who asked for it, delete their account — each after a dialog
 * that says what it does. Before the script runs (or without it) each button posts a plain form to the
 * page, which asks the dialog's question as a step (`plain`).
 */
export function PersonActions({
  id,
  name,
  email,
  teacher,
  plain = null,
}: {
  id: string;
  name: string;
  email: string;
  teacher: boolean;
  plain?: PlainPost | null;
}) {
  const [asking, setAsking] = useState<PersonAction | null>(null);
  const [busy, setBusy] = useState(false);

  async function sendLink() {
    setBusy(true);
    try {
      await gqlRequest(SEND_ACCESS_LINK, { id }, 'SendAccessLink');
      toast.success(linkSent(email));
      setAsking(null);
    } catch (error) {
      toast.danger(failureOf(error));
    } finally {
      setBusy(false);
    }
  }

  async function anonymise() {
    setBusy(true);
    try {
      await gqlRequest(ANONYMISE_TEACHER, { id }, 'AnonymiseTeacher');
      window.location.assign(`/admin/people?type=enseignants&${ANONYMISED_NOTICE_PARAM}=1`);
    } catch (error) {
      toast.danger(failureOf(error));
      setBusy(false);
    }
  }

  const actions: PersonAction[] = teacher ? ['link', 'anonymise'] : ['link'];
  const step = plain && actions.find((action) => action === plain.intent);
  if (plain && step) {
    const words = wordsOf(step, name, email);
    return (
      <ConfirmStep
        id="action"
        title={words.title}
        confirmLabel={words.confirm}
        color={words.color}
        cancelHref={plain.pageUrl}
        action="#action"
        fields={{ intent: step, id }}
      >
        <p>{words.consequence}</p>
      </ConfirmStep>
    );
  }
  const dialog = asking && wordsOf(asking, name, email);
  return (
    <>
      <div className="flex flex-wrap gap-3">
        {actions.map((action) => (
          <PostButton
            key={action}
            action="#action"
            fields={{ intent: action, id }}
            variant="outline"
            color={action === 'link' ? 'black' : 'error'}
            disabled={busy}
            onPress={() => setAsking(action)}
          >
            {wordsOf(action, name, email).button}
          </PostButton>
        ))}
      </div>
      <Dialog
        open={dialog !== null}
        onClose={() => setAsking(null)}
        title={dialog?.title ?? ''}
        actions={
          dialog && (
            <>
              <Button variant="outline" color="black" onClick={() => setAsking(null)}>
                Annuler
              </Button>
              <Button color={dialog.color} loading={busy} onClick={asking === 'link' ? sendLink : anonymise}>
                {dialog.confirm}
              </Button>
            </>
          )
        }
      >
        <p>{dialog?.consequence}</p>
      </Dialog>
      <Toaster />
    </>
  );
}
