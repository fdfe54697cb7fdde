import { useData } from 'vike-react/useData';
import { ROUTES, UNSUBSCRIBE_FROM_PAGE } from '../../../common/routes.ts';
import { Button } from '../../../islands/ui/Button.tsx';
import type { Data } from './+data.ts';

function TurnBackOn() {
  return (
    <p>
      Vous pourrez la réactiver à tout moment : connectez-vous, puis dans{' '}
      <a className="link" href={`${ROUTES.myProfile}#preferences`}>
        Mon profil
      </a>
      , rubrique « Préférences », cochez « Recevoir chaque lundi les nouveaux créneaux proches de chez moi »
      et enregistrez.
    </p>
  );
}

export default function Page() {
  const { token, state } = useData<Data>();
  return (
    <div className="page flex max-w-2xl flex-col gap-6">
      <h1>Alerte hebdomadaire des nouveaux créneaux</h1>
      {!state.valid && (
        <section className="flex flex-col gap-4 rounded-2xl bg-white p-6" aria-labelledby="lien-invalide">
          <h2 id="lien-invalide">Ce lien n’est pas valide</h2>
          <p>
            Le lien de désabonnement que vous avez suivi est incomplet ou a été modifié : nous ne pouvons pas
            savoir à quel compte il correspond. Copiez le lien complet depuis l’e-mail, ou désactivez l’alerte
            depuis votre profil.
          </p>
          <p>
            <a className="link" href={`${ROUTES.myProfile}#preferences`}>
              Gérer mes préférences
            </a>
          </p>
        </section>
      )}
      {state.valid && state.subscribed && (
        <section className="flex flex-col gap-4 rounded-2xl bg-white p-6" aria-labelledby="se-desabonner">
          <h2 id="se-desabonner">Ne plus recevoir l’alerte</h2>
          <p>
            Chaque lundi, nous vous envoyons par e-mail les créneaux publiés la semaine précédente près de
            chez vous. En vous désabonnant, vous ne recevrez plus cet e-mail. Les autres e-mails de la
            plateforme (vos rendez-vous, votre compte) continueront de vous parvenir.
          </p>
          <form method="post" action={ROUTES.unsubscribe(token)}>
            <input type="hidden" name="List-Unsubscribe" value="One-Click" />
            <input type="hidden" name={UNSUBSCRIBE_FROM_PAGE.name} value={UNSUBSCRIBE_FROM_PAGE.value} />
            <Button type="submit">Me désabonner</Button>
          </form>
        </section>
      )}
      {state.valid && !state.subscribed && (
        <section
          className="flex flex-col gap-4 rounded-2xl bg-white p-6"
          aria-labelledby="desabonne"
          role="status"
        >
          <h2 id="desabonne">Vous êtes désabonné(e)</h2>
          <p>Vous ne recevrez plus l’alerte hebdomadaire des nouveaux créneaux.</p>
          <TurnBackOn />
        </section>
      )}
    </div>
  );
}
