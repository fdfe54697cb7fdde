import { useData } from 'vike-react/useData';
import { EmailChangeConfirmation } from '../../islands/accounts/EmailChangeConfirmation.tsx';
import { Island } from '../../islands/Island.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { token } = useData<Data>();
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>Nouvelle adresse e-mail</h1>
      <Island name="EmailChangeConfirmation" component={EmailChangeConfirmation} props={{ token }} />
    </div>
  );
}
