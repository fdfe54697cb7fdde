import { useData } from 'vike-react/useData';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { LoginForm } from '../layout/LoginForm.tsx';
import { ProConnectLogin } from '../layout/ProConnectLogin.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { next, companyLogin, companySide, forcedLogout, posted, proConnect } = useData<Data>();
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Connexion enseignant</h1>
      {forcedLogout && (
        <p role="status" className="rounded-lg border-2 border-warning bg-yellow-light p-4 font-medium">
          {MESSAGES.forcedLogout}
        </p>
      )}
      {companySide && (
        <p className="rounded-lg bg-purple-light p-4 text-purple-dark" data-testid="company-side">
          <strong>Vous êtes une entreprise ?</strong>{' '}
          <a className="font-semibold underline underline-offset-4" href={companyLogin}>
            Connexion entreprise
          </a>
        </p>
      )}
      <p>
        Enseignants, prescripteurs et partenaires de l’emploi : connectez-vous pour réserver des créneaux.
      </p>
      <ProConnectLogin offer={proConnect} />
      <LoginForm next={next} posted={posted} />
      <p>
        Pas encore de compte ?{' '}
        <a className="link" href={ROUTES.signUpTeacher}>
          Créer un compte enseignant
        </a>
      </p>
      {!companySide && (
        <p>
          Vous représentez une entreprise ?{' '}
          <a className="link" href={companyLogin}>
            Connexion entreprise
          </a>
        </p>
      )}
    </div>
  );
}
