import { useData } from 'vike-react/useData';
import { DepartmentToggles } from '../../../islands/admin/DepartmentToggles.tsx';
import { Island } from '../../../islands/Island.tsx';
import { AdminPage, Notice } from '../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { departments, plain, notice } = useData<Data>();
  return (
    <AdminPage title="Départements" section="/admin/departments">
      <p>
        La plateforme ouvre département par département. Dans un département fermé, les enseignants et les
        entreprises ne peuvent pas s’inscrire et les entreprises ne peuvent pas se connecter.
      </p>
      <Notice>{notice}</Notice>
      <Island name="DepartmentToggles" component={DepartmentToggles} props={{ departments, plain }} />
    </AdminPage>
  );
}
