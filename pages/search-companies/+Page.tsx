import { useData } from 'vike-react/useData';
import { Island } from '../../islands/Island.tsx';
import { CompanySearch } from '../../islands/search/CompanySearch.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const props = useData<Data>();
  return (
    <div className="page flex flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1>Chercher une entreprise</h1>
        {/* On a phone the first result comes first: the heading says what the page is. */}
        <p className="max-w-3xl text-lg max-sm:sr-only">
          Trouvez les entreprises industrielles qui ouvrent leurs portes près de chez vous : visites,
          interventions en classe et webinaires.
        </p>
      </header>
      <Island name="CompanySearch" component={CompanySearch} props={props} />
    </div>
  );
}
