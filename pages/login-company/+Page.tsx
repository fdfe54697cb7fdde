import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import { LoginForm } from '../layout/LoginForm.tsx';
import { ProConnectLogin } from '../layout/ProConnectLogin.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { posted, teacherLogin, proConnect } = useData<Data>();
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Connexion entreprise</h1>
      <p>
        Les entreprises se connectent avec les identifiants de leur compte sur le site de recrutement
        partenaire : la même adresse e-mail et le même mot de passe.
      </p>
      <ProConnectLogin offer={proConnect} />
      <LoginForm posted={posted} />
      <p>
        Votre entreprise n’est pas encore inscrite ?{' '}
        <a className="link" href={ROUTES.signUpCompany}>
          Inscrire mon entreprise
        </a>
      </p>
      <p>
        Vous êtes enseignant, prescripteur ou partenaire de l’emploi ?{' '}
        <a className="link" href={teacherLogin}>
          Connexion enseignant
        </a>
      </p>
    </div>
  );
}
