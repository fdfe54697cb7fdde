import { useData } from 'vike-react/useData';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import { elide } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { FormMessage } from '../my-groups/parts.tsx';
import type { Data } from './+data.ts';

/** A join request's confirmation (docs/decisions/0099): a plain form of one button, then what comes next. */
export default function Page() {
  const { token, link, alert } = useData<Data>();
  if (!link) {
    return (
      <div className="page flex max-w-lg flex-col gap-6">
        <h1>Confirmer ma demande</h1>
        <FormMessage message={alert} />
        {alert ? null : (
          <p className="rounded-xl bg-white p-6 sm:p-8">{ERROR_MESSAGES.join_request_link_invalid}</p>
        )}
        <div>
          <Button href={ROUTES.signUpCompany} variant="outline">
            Refaire ma demande
          </Button>
        </div>
      </div>
    );
  }
  const team = `l’équipe ${elide('de', link.companyName)}`;
  if (link.confirmed) {
    return (
      <div className="page flex max-w-lg flex-col gap-6">
        <h1>Demande confirmée</h1>
        <div role="status" className="flex flex-col gap-3 rounded-xl bg-white p-6 sm:p-8">
          <p className="font-semibold">
            Votre adresse <span className="break-all">{link.email}</span> est confirmée.
          </p>
          {link.awaitingValidation ? (
            <p>
              {link.companyName} attend encore la validation de son inscription par notre équipe : ses
              administrateurs recevront votre demande par e-mail dès la validation.
            </p>
          ) : (
            <p>Les administrateurs {elide('de', link.companyName)} ont reçu votre demande par e-mail.</p>
          )}
          <p>
            Vous recevrez leur réponse à cette adresse. Une fois votre demande acceptée, vous pourrez vous
            connecter avec cette adresse et le mot de passe choisi lors de votre demande.
          </p>
        </div>
        <div>
          <Button href={ROUTES.landingCompany} variant="outline">
            Retour à l’espace entreprise
          </Button>
        </div>
      </div>
    );
  }
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Confirmer ma demande</h1>
      <form
        method="post"
        action={ROUTES.confirmJoinRequest}
        className="flex flex-col gap-4 rounded-xl bg-white p-6 sm:p-8"
      >
        <input type="hidden" name="token" value={token} />
        <FormMessage message={alert} />
        <p>
          Vous avez demandé à rejoindre {team} avec l’adresse{' '}
          <span className="break-all font-semibold">{link.email}</span>.
        </p>
        <p>
          Confirmez que cette adresse est la vôtre :{' '}
          {link.awaitingValidation
            ? `${link.companyName} attend encore la validation de son inscription, ses administrateurs recevront votre demande dès la validation.`
            : `les administrateurs ${elide('de', link.companyName)} recevront alors votre demande et pourront l’accepter ou la refuser.`}
        </p>
        <div>
          <Button type="submit">Confirmer ma demande</Button>
        </div>
        <p className="text-sm">
          Vous n’êtes pas à l’origine de cette demande ? Ne confirmez pas : sans confirmation, elle sera
          effacée et personne ne pourra se connecter avec cette adresse.
        </p>
      </form>
    </div>
  );
}
