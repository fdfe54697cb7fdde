import { useData } from 'vike-react/useData';
import { MEETING_TYPE_LABELS } from '../../common/constants.ts';
import { ROUTES } from '../../common/routes.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { LatestArticles } from '../layout/LatestArticles.tsx';
import type { Data } from './+data.ts';

const STEPS = [
  {
    title: 'Inscrivez votre entreprise',
    text: 'Votre SIRET suffit à retrouver votre raison sociale, votre code NAF et votre adresse. L’équipe de la plateforme valide ensuite votre inscription.',
  },
  {
    title: 'Publiez vos créneaux',
    text: 'Choisissez la date, la durée, le nombre de places et les publics que vous souhaitez accueillir.',
  },
  {
    title: 'Accueillez les groupes',
    text: 'Les enseignants et prescripteurs réservent en ligne ; vous êtes prévenu par e-mail à chaque réservation.',
  },
];

export default function Page() {
  const { articles } = useData<Data>();
  return (
    <div className="page flex flex-col gap-12">
      <section className="flex flex-col gap-6 rounded-2xl bg-purple-dark px-6 py-12 text-white sm:px-12">
        <h1 className="max-w-3xl text-4xl">Faites découvrir vos métiers aux jeunes de votre territoire.</h1>
        <p className="max-w-2xl text-lg">
          Passerelle Industrie met les entreprises industrielles en relation avec les enseignants, les
          prescripteurs et les partenaires de l’emploi : ouvrez vos ateliers, intervenez en classe ou
          présentez vos métiers en visioconférence.
        </p>
        <div className="flex flex-wrap gap-4">
          <Button href={ROUTES.signUpCompany} color="yellow" size="xl">
            Inscrire mon entreprise
          </Button>
          <Button href={ROUTES.loginCompany} color="white" variant="outline" size="xl">
            Se connecter
          </Button>
        </div>
      </section>
      <section aria-labelledby="offer" className="flex flex-col gap-4">
        <h2 id="offer">Ce que la plateforme vous apporte</h2>
        <ul className="grid gap-4 sm:grid-cols-3">
          <li className="rounded-xl bg-white p-6">
            <h3 className="font-bold">{MEETING_TYPE_LABELS.CompanyVisit}</h3>
            <p>Accueillez un groupe sur votre site et montrez vos ateliers et vos métiers.</p>
          </li>
          <li className="rounded-xl bg-white p-6">
            <h3 className="font-bold">{MEETING_TYPE_LABELS.ClassroomIntervention}</h3>
            <p>Un de vos collaborateurs présente son métier dans un collège ou un lycée.</p>
          </li>
          <li className="rounded-xl bg-white p-6">
            <h3 className="font-bold">{MEETING_TYPE_LABELS.Webinar}</h3>
            <p>Une rencontre en visioconférence avec une ou plusieurs classes, sans vous déplacer.</p>
          </li>
        </ul>
        <p>
          Vous gagnez en visibilité auprès des futurs apprentis, stagiaires et salariés, et vous recueillez
          l’avis des enseignants après chaque rencontre.
        </p>
      </section>
      <section aria-labelledby="how" className="flex flex-col gap-4">
        <h2 id="how">Comment ça marche</h2>
        <ol className="grid gap-4 sm:grid-cols-3">
          {STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl bg-white p-6">
              <h3 className="font-bold">
                {index + 1}. {step.title}
              </h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </section>
      <LatestArticles articles={articles} />
      <section aria-labelledby="join" className="flex flex-col gap-3 rounded-xl bg-white p-6">
        <h2 id="join">Prêt à ouvrir vos portes ?</h2>
        <p>
          L’inscription prend quelques minutes et ne vous engage à rien tant que vous ne publiez pas de
          créneau.
        </p>
        <div className="flex flex-wrap gap-3">
          <Button href={ROUTES.signUpCompany}>Inscrire mon entreprise</Button>
          <Button href={ROUTES.loginCompany} variant="outline">
            Se connecter
          </Button>
        </div>
      </section>
    </div>
  );
}
