import { useData } from 'vike-react/useData';
import { PasswordResetRequestForm } from '../../islands/accounts/PasswordResetRequestForm.tsx';
import { Island } from '../../islands/Island.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { sent, posted } = useData<Data>();
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Mot de passe oublié</h1>
      <p>
        Indiquez l’adresse e-mail de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de
        passe.
      </p>
      <Island name="PasswordResetRequestForm" component={PasswordResetRequestForm} props={{ sent, posted }} />
    </div>
  );
}
