import { useData } from 'vike-react/useData';
import { OwnPassword } from '../../../islands/accounts/profile/PasswordBlock.tsx';
import { Island } from '../../../islands/Island.tsx';
import { AdminPage, Facts } from '../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { email, regionName, plain } = useData<Data>();
  return (
    <AdminPage title="Mon compte" section="/admin/account">
      <section aria-labelledby="account-identity" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="account-identity">Mon accès</h2>
        <Facts
          rows={[
            ['E-mail de connexion', email],
            [
              'Périmètre',
              regionName ? `Opérateur régional — ${regionName}` : 'Administrateur national : toute la France',
            ],
          ]}
        />
      </section>
      <Island name="OwnPassword" component={OwnPassword} props={{ plain }} />
    </AdminPage>
  );
}
