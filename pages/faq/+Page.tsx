import { useData } from 'vike-react/useData';
import { FaqFilter } from '../../islands/FaqFilter.tsx';
import { Island } from '../../islands/Island.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { entries } = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Questions fréquentes</h1>
      {entries.length === 0 ? (
        <p>La foire aux questions n'est pas disponible pour le moment. Réessayez plus tard.</p>
      ) : (
        <Island name="FaqFilter" component={FaqFilter} props={{ entries }} />
      )}
    </div>
  );
}
