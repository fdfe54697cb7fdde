import { useData } from 'vike-react/useData';
import { ROUTES } from '../../common/routes.ts';
import { MeetingList } from '../../islands/meetings/MeetingParts.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { firstName, meetings } = useData<Data>();
  return (
    <div className="page flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1>Mon espace</h1>
        {firstName && <p className="text-lg">Bonjour {firstName} !</p>}
      </div>
      <section aria-labelledby="prochains-rendez-vous" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-baseline justify-between gap-3">
          <h2 id="prochains-rendez-vous">Mes prochains rendez-vous</h2>
          <a className="link font-semibold" href={ROUTES.meetingsTeacher}>
            Voir tous mes rendez-vous
          </a>
        </div>
        <MeetingList
          meetings={meetings}
          side="teacher"
          headingLevel={3}
          empty={<p>Vous n’avez pas de rendez-vous à venir.</p>}
        />
      </section>
      <section aria-labelledby="trouver" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
        <h2 id="trouver">Trouver une entreprise</h2>
        <p>
          Visites de sites, interventions en classe, webinaires : cherchez les entreprises industrielles près
          de votre établissement et réservez un créneau.
        </p>
        <div>
          <Button href={ROUTES.searchCompanies}>Chercher une entreprise</Button>
        </div>
      </section>
    </div>
  );
}
