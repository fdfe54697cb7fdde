import { useData } from 'vike-react/useData';
import type { Data } from './+data.ts';

export default function Page() {
  const { attestation } = useData<Data>();
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <header className="flex flex-col gap-2">
        <h1>Attestation de participation</h1>
        <p className="text-lg">
          Cette attestation est authentique : elle a été délivrée par Passerelle Industrie pour la rencontre
          suivante, qui a bien eu lieu.
        </p>
      </header>
      <section aria-labelledby="faits" className="flex flex-col gap-4 rounded-lg bg-white p-6">
        <h2 id="faits">La rencontre</h2>
        <dl className="grid gap-x-4 gap-y-2 sm:grid-cols-[12rem_minmax(0,1fr)]">
          {attestation.facts.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="font-semibold">{label}</dt>
              <dd className="min-w-0 wrap-anywhere">{value || 'Non renseigné'}</dd>
            </div>
          ))}
        </dl>
        <p className="text-grey-text">Code de vérification : {attestation.code}</p>
      </section>
    </div>
  );
}
