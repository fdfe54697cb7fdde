import { useState } from 'react';
import { elide } from '../../common/format.ts';
import { MESSAGES } from '../../common/messages.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';

const SEND_ACCESS_LINK = 'mutation SendAccessLink($id: ID!) { sendAccessLink(userId: $id) }';
const ANONYMISE_TEACHER = 'mutation AnonymiseTeacher($id: ID!) { anonymiseTeacher(userId: $id) }';

/** Where the back-office goes once a teacher's account is deleted: the list says it. */
export const ANONYMISED_NOTICE_PARAM = 'supprime';

type Asking = 'link' | 'anonymise' | null;

const failureOf = (error: unknown) =>
  error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError;

/**
 * What an operator does for a person: e-mail them a link to choose their password (a lost one, or an
 * invitation never opened), and for a teacher who asked for it, delete their account — each after a dialog
 * that says what it does.
 */
export function PersonActions({
  id,
  name,
  email,
  teacher,
}: {
  id: string;
  name: string;
  email: string;
  teacher: boolean;
}) {
  const [asking, setAsking] = useState<Asking>(null);
  const [busy, setBusy] = useState(false);

  async function sendLink() {
    setBusy(true);
    try {
      await gqlRequest(SEND_ACCESS_LINK, { id }, 'SendAccessLink');
      toast.success(`Un lien pour choisir un mot de passe a été envoyé à ${email}.`);
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

  return (
    <div className="flex flex-wrap gap-3">
      <Button variant="outline" color="black" disabled={busy} onClick={() => setAsking('link')}>
        Envoyer un lien de connexion
      </Button>
      {teacher && (
        <Button variant="outline" color="error" disabled={busy} onClick={() => setAsking('anonymise')}>
          Supprimer le compte à sa demande
        </Button>
      )}
      <Dialog
        open={asking === 'link'}
        onClose={() => setAsking(null)}
        title={`Envoyer un lien de connexion à ${name} ?`}
        actions={
          <>
            <Button variant="outline" color="black" onClick={() => setAsking(null)}>
              Annuler
            </Button>
            <Button loading={busy} onClick={sendLink}>
              Envoyer le lien
            </Button>
          </>
        }
      >
        <p>
          Un e-mail est envoyé à {email} avec un lien pour choisir un nouveau mot de passe. Le mot de passe
          actuel reste valable tant que le lien n’est pas utilisé.
        </p>
      </Dialog>
      <Dialog
        open={asking === 'anonymise'}
        onClose={() => setAsking(null)}
        title={`Supprimer le compte ${elide('de', name)} ?`}
        actions={
          <>
            <Button variant="outline" color="black" onClick={() => setAsking(null)}>
              Annuler
            </Button>
            <Button color="error" loading={busy} onClick={anonymise}>
              Supprimer le compte
            </Button>
          </>
        }
      >
        <p>
          À faire uniquement à la demande de la personne. Ses rencontres à venir sont annulées et les
          entreprises prévenues ; son compte est anonymisé (nom, e-mail, téléphone) et ses favoris supprimés.
          Un e-mail lui confirme la suppression. Les rencontres passées restent dans les statistiques, sans
          son nom. Cette action est définitive.
        </p>
      </Dialog>
      <Toaster />
    </div>
  );
}
