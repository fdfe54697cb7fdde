import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import type { Data } from './+data.ts';
import { CompanySignUpForm } from './CompanySignUpForm.tsx';

export default function Page() {
  const { departments, start } = useData<Data>();
  return (
    <div className="page flex max-w-2xl flex-col gap-6">
      <h1>Inscription entreprise</h1>
      <p>
        Votre entreprise est déjà inscrite ?{' '}
        <a className="link" href={ROUTES.loginCompany}>
          Se connecter
        </a>
      </p>
      <div className="rounded-xl bg-white p-6 sm:p-8">
        <CompanySignUpForm departments={departments} start={start} />
      </div>
    </div>
  );
}
