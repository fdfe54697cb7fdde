import { useData } from 'vike-react/useData';
import { DepartmentToggles } from '../../../islands/admin/DepartmentToggles.tsx';
import { Island } from '../../../islands/Island.tsx';
import { AdminPage } from '../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { departments } = useData<Data>();
  return (
    <AdminPage title="Départements" section="/admin/departments">
      <p>
        La plateforme ouvre département par département. Dans un département fermé, les enseignants et les
        entreprises ne peuvent pas s’inscrire et les entreprises ne peuvent pas se connecter.
      </p>
      <Island name="DepartmentToggles" component={DepartmentToggles} props={{ departments }} />
    </AdminPage>
  );
}
