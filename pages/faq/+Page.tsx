import { useData } from 'vike-react/useData';
import { FaqFilter } from '../../islands/FaqFilter.tsx';
import { Island } from '../../islands/Island.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { groups, everyAudience } = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <h1>Questions fréquentes</h1>
      {everyAudience && (
        <p>
          Vous êtes administrateur : vous voyez les questions de tous les publics, chacun ne lisant que les
          siennes.
        </p>
      )}
      {groups.length === 0 ? (
        <p>La foire aux questions n'est pas disponible pour le moment. Réessayez plus tard.</p>
      ) : (
        <Island name="FaqFilter" component={FaqFilter} props={{ groups }} />
      )}
    </div>
  );
}
