import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import type { Data } from './+data.ts';
import { TeacherSignUpForm } from './TeacherSignUpForm.tsx';

export default function Page() {
  const { departments, start } = useData<Data>();
  return (
    <div className="page flex max-w-2xl flex-col gap-6">
      <h1>Inscription enseignant</h1>
      <p>
        Vous avez déjà un compte ?{' '}
        <a className="link" href={ROUTES.loginTeacher}>
          Se connecter
        </a>
      </p>
      <div className="rounded-xl bg-white p-6 sm:p-8">
        <TeacherSignUpForm departments={departments} start={start} />
      </div>
    </div>
  );
}
