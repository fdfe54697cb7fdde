import { useData } from 'vike-react/useData';
import { OperatorsManager } from '../../../islands/admin/OperatorsManager.tsx';
import { Island } from '../../../islands/Island.tsx';
import { AdminPage, Notice } from '../parts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { operators, regions, plain, notice } = useData<Data>();
  return (
    <AdminPage title="Opérateurs" section="/admin/operators">
      <p>
        Les administrateurs nationaux voient toute la France. Les opérateurs régionaux (les chambres
        territoriales) ne voient et ne gèrent que les départements de leur région. L’invitation, valable une
        semaine, permet à la personne de choisir son mot de passe.
      </p>
      <Notice>{notice}</Notice>
      <Island name="OperatorsManager" component={OperatorsManager} props={{ operators, regions, plain }} />
    </AdminPage>
  );
}
