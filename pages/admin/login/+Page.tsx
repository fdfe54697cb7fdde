import { useData } from 'vike-react/useData';
import { LoginForm } from '../../layout/LoginForm.tsx';
import { ProConnectLogin } from '../../layout/ProConnectLogin.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { next, posted, proConnect } = useData<Data>();
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Connexion administrateur</h1>
      <ProConnectLogin offer={proConnect} />
      <LoginForm next={next} posted={posted} />
    </div>
  );
}
