import { useData } from 'vike-react/useData';
import { PendingCompanies } from '../../../islands/admin/PendingCompanies.tsx';
import { Island } from '../../../islands/Island.tsx';
import { AdminNav } from '../AdminNav.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { pending, validated } = useData<Data>();
  return (
    <div className="page flex max-w-4xl flex-col gap-6">
      <h1>Administration</h1>
      <AdminNav current="/admin" />
      <Island name="PendingCompanies" component={PendingCompanies} props={{ pending, validated }} />
    </div>
  );
}
