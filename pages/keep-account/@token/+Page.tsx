import { useData } from 'vike-react/useData';
import { RETENTION } from '../../../common/privacy.ts';
import { ROUTES } from '../../../common/routes.ts';
import { Button } from '../../../islands/ui/Button.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { token, state } = useData<Data>();
  return (
    <div className="page flex max-w-2xl flex-col gap-6">
      <h1>Garder mon compte</h1>
      {state === 'warned' && (
        <section className="flex flex-col gap-4 rounded-2xl bg-white p-6" aria-labelledby="garder">
          <h2 id="garder">Votre compte n’a pas été utilisé depuis longtemps</h2>
          <p>
            Les comptes inutilisés pendant deux ans sont anonymisés : vos informations personnelles seraient
            effacées et vous ne pourriez plus vous connecter. Pour garder votre compte, confirmez ci-dessous.
            Rien d’autre ne change.
          </p>
          <form method="post" action={ROUTES.keepAccount(token)}>
            <Button type="submit">Garder mon compte</Button>
          </form>
        </section>
      )}
      {state === 'active' && (
        <section
          className="flex flex-col gap-4 rounded-2xl bg-white p-6"
          aria-labelledby="garde"
          role="status"
        >
          <h2 id="garde">Votre compte est gardé</h2>
          <p>
            Votre compte reste actif et ne sera pas anonymisé. Si vous ne l’utilisez plus pendant{' '}
            {RETENTION.warnAfterMonths} mois, nous vous écrirons à nouveau avant de l’anonymiser.
          </p>
          <p>
            <a className="link" href={ROUTES.loginTeacher}>
              Me connecter
            </a>
          </p>
        </section>
      )}
      {state === 'gone' && (
        <section className="flex flex-col gap-4 rounded-2xl bg-white p-6" aria-labelledby="anonymise">
          <h2 id="anonymise">Ce compte a déjà été anonymisé</h2>
          <p>
            Il n’a pas été utilisé pendant deux ans : ses informations personnelles ont été effacées. Vous
            pouvez créer un nouveau compte avec la même adresse e-mail.
          </p>
          <p>
            <a className="link" href={ROUTES.signUpTeacher}>
              Créer un compte enseignant
            </a>
          </p>
        </section>
      )}
      {state === 'invalid' && (
        <section className="flex flex-col gap-4 rounded-2xl bg-white p-6" aria-labelledby="lien-invalide">
          <h2 id="lien-invalide">Ce lien n’est pas valide</h2>
          <p>
            Le lien que vous avez suivi est incomplet ou a été modifié. Copiez le lien complet depuis
            l’e-mail, ou connectez-vous simplement : une connexion suffit à garder votre compte.
          </p>
          <p>
            <a className="link" href={ROUTES.loginTeacher}>
              Me connecter
            </a>
          </p>
        </section>
      )}
    </div>
  );
}
