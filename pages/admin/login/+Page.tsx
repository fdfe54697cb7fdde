import { ROUTES } from '../../../common/routes.ts';
import { LoginForm } from '../../../islands/accounts/LoginForm.tsx';
import { Island } from '../../../islands/Island.tsx';

export default function Page() {
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Connexion administrateur</h1>
      <Island name="LoginForm" component={LoginForm} props={{ kind: 'admin', next: ROUTES.admin }} />
    </div>
  );
}
