import { useData } from 'vike-react/useData';
import { PasswordResetForm } from '../../islands/accounts/PasswordResetForm.tsx';
import { Island } from '../../islands/Island.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { token, loginHref, done, posted } = useData<Data>();
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Nouveau mot de passe</h1>
      <Island
        name="PasswordResetForm"
        component={PasswordResetForm}
        props={{ token, loginHref, done, posted }}
      />
    </div>
  );
}
