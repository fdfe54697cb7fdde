import { useData } from 'vike-react/useData';
import { FavoriteList } from '../../islands/discovery/FavoriteList.tsx';
import { Island } from '../../islands/Island.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { companies } = useData<Data>();
  return (
    <div className="page flex flex-col gap-6">
      <div className="flex flex-col gap-2">
        <h1>Mes favoris</h1>
        <p className="text-lg">Les entreprises que vous avez mises en favori, les dernières en premier.</p>
      </div>
      <Island name="FavoriteList" component={FavoriteList} props={{ companies }} />
    </div>
  );
}
