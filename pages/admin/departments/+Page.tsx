import { useData } from 'vike-react/useData';
import { DepartmentToggles } from '../../../islands/admin/DepartmentToggles.tsx';
import { Island } from '../../../islands/Island.tsx';
import { AdminNav } from '../AdminNav.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { departments } = useData<Data>();
  return (
    <div className="page flex max-w-6xl flex-col gap-6">
      <h1>Départements</h1>
      <AdminNav current="/admin/departments" />
      <p>
        La plateforme ouvre département par département. Dans un département fermé, les enseignants et les
        entreprises ne peuvent pas s'inscrire et les entreprises ne peuvent pas se connecter.
      </p>
      <Island name="DepartmentToggles" component={DepartmentToggles} props={{ departments }} />
    </div>
  );
}
