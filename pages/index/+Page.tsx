import { useData } from 'vike-react/useData';
import { AVAILABLE_SLOTS_WINDOW_DAYS, MEETING_TYPE_LABELS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { LatestArticles } from '../layout/LatestArticles.tsx';
import type { Data } from './+data.ts';

const numberFormat = new Intl.NumberFormat('fr-FR');

export default function Page() {
  const { availableSlots, articles, accountDeleted } = useData<Data>();
  return (
    <div className="page flex flex-col gap-12">
      {accountDeleted && (
        <p role="status" className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium">
          Votre compte a été supprimé.
        </p>
      )}
      <section className="flex flex-col gap-6 rounded-2xl bg-purple-dark px-6 py-12 text-white sm:px-12">
        <h1 className="max-w-3xl text-4xl">Faites découvrir l’industrie à vos élèves, près de chez vous.</h1>
        <p className="max-w-2xl text-lg">
          Des entreprises industrielles ouvrent leurs portes aux enseignants, prescripteurs et partenaires de
          l’emploi : visites de sites, interventions en classe et webinaires.
        </p>
        <p className="text-2xl" data-testid="available-slots">
          <strong className="text-5xl font-extrabold">{numberFormat.format(availableSlots)}</strong>{' '}
          {availableSlots > 1 ? 'créneaux disponibles' : 'créneau disponible'} dans les{' '}
          {AVAILABLE_SLOTS_WINDOW_DAYS} prochains jours
        </p>
        <div className="flex flex-wrap gap-4">
          <Button href={ROUTES.searchCompanies} color="yellow" size="xl">
            Chercher une entreprise
          </Button>
          <Button href={ROUTES.loginTeacher} color="white" variant="outline" size="xl">
            Espace enseignant
          </Button>
        </div>
      </section>
      <section aria-labelledby="types" className="flex flex-col gap-4">
        <h2 id="types">Trois façons de rencontrer une entreprise</h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <li className="rounded-xl bg-white p-6">
            <h3 className="font-bold">{MEETING_TYPE_LABELS.CompanyVisit}</h3>
            <p>Votre groupe découvre les ateliers et les métiers sur le site de l’entreprise.</p>
          </li>
          <li className="rounded-xl bg-white p-6">
            <h3 className="font-bold">{MEETING_TYPE_LABELS.ClassroomIntervention}</h3>
            <p>Un professionnel vient présenter son métier dans votre établissement.</p>
          </li>
          <li className="rounded-xl bg-white p-6">
            <h3 className="font-bold">{MEETING_TYPE_LABELS.Webinar}</h3>
            <p>Une rencontre en visioconférence, depuis votre salle de classe.</p>
          </li>
        </ul>
      </section>
      <LatestArticles articles={articles} />
      <section aria-labelledby="companies" className="flex flex-col gap-3 rounded-xl bg-white p-6">
        <h2 id="companies">Vous êtes une entreprise industrielle ?</h2>
        <p>Publiez vos créneaux et faites connaître vos métiers aux jeunes de votre territoire.</p>
        <p>
          <a className="link" href={ROUTES.landingCompany}>
            Découvrir l’espace entreprise
          </a>
        </p>
      </section>
    </div>
  );
}
