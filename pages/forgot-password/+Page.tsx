import { PasswordResetRequestForm } from '../../islands/accounts/PasswordResetRequestForm.tsx';
import { Island } from '../../islands/Island.tsx';

export default function Page() {
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Mot de passe oublié</h1>
      <p>
        Indiquez l'adresse email de votre compte : nous vous enverrons un lien pour choisir un nouveau mot de
        passe.
      </p>
      <Island name="PasswordResetRequestForm" component={PasswordResetRequestForm} props={{}} />
    </div>
  );
}
