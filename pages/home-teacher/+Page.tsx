import { useData } from 'vike-react/useData';
import { formatSlotDate } from '../../common/format.ts';
import { ROUTES } from '../../common/routes.ts';
import { CompanyCard } from '../../islands/discovery/CompanyCard.tsx';
import { FavoriteButton } from '../../islands/discovery/FavoriteButton.tsx';
import { Island } from '../../islands/Island.tsx';
import { MeetingList, meetingTitle } from '../../islands/meetings/MeetingParts.tsx';
import { OfflineTickets } from '../../islands/meetings/OfflineTickets.tsx';
import { Button } from '../../islands/ui/Button.tsx';
import { Card } from '../../islands/ui/Card.tsx';
import { Toaster } from '../../islands/ui/Toast.tsx';
import { postponedAnswers } from '../layout/PostponedAnswers.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { firstName, meetings, awaitingFeedback, suggestions, missing, tickets, keep } = useData<Data>();
  return (
    <div className="page flex flex-col gap-8">
      <div className="flex flex-col gap-2">
        <h1>Mon espace</h1>
        {firstName && <p className="text-lg">Bonjour {firstName} !</p>}
      </div>
      {awaitingFeedback.length > 0 && <AwaitingFeedback meetings={awaitingFeedback} />}
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
          actions={postponedAnswers(keep)}
          headingLevel={3}
          empty={<p>Vous n’avez pas de rendez-vous à venir.</p>}
        />
      </section>
      <Suggestions suggestions={suggestions} missing={missing} />
      <Island name="OfflineTickets" component={OfflineTickets} props={{ paths: tickets }} />
      <section aria-labelledby="trouver" className="flex flex-col gap-3 rounded-2xl bg-white p-6">
        <h2 id="trouver">Trouver une entreprise</h2>
        <p>
          Visites de sites, interventions en classe, webinaires : cherchez les entreprises industrielles près
          de votre établissement et réservez un créneau.
        </p>
        <div>
          <Button href={ROUTES.searchCompanies}>Chercher une entreprise</Button>
        </div>
      </section>
    </div>
  );
}

/** The done meetings whose questionnaire waits for the teacher: one link each to answer it. */
function AwaitingFeedback({ meetings }: { meetings: Data['awaitingFeedback'] }) {
  return (
    <section
      aria-labelledby="votre-avis"
      className="flex flex-col gap-4 rounded-2xl border-2 border-purple bg-purple-light p-6"
    >
      <h2 id="votre-avis">Votre avis compte</h2>
      <p>
        {meetings.length > 1
          ? 'Comment se sont passées vos dernières rencontres ? Deux minutes suffisent pour chacune.'
          : 'Comment s’est passée votre dernière rencontre ? Deux minutes suffisent.'}
      </p>
      <ul className="flex flex-col gap-3">
        {meetings.map((meeting) => (
          <li
            key={meeting.id}
            className="flex flex-wrap items-center justify-between gap-3 rounded-lg bg-white p-4"
          >
            <span>
              <span className="font-semibold">{meetingTitle(meeting, 'teacher')}</span>
              <br />
              {formatSlotDate(meeting.startsAt, meeting.timeZone)}
            </span>
            <Button href={meeting.feedbackUrl} size="m">
              Donner mon avis<span className="sr-only"> sur {meetingTitle(meeting, 'teacher')}</span>
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The companies suggested by the teacher's criteria, distance and free seats soon, each with why. */
function Suggestions({ suggestions, missing }: Pick<Data, 'suggestions' | 'missing'>) {
  return (
    <section aria-labelledby="suggestions" className="flex flex-col gap-4">
      <h2 id="suggestions">Entreprises suggérées pour vous</h2>
      {missing && (
        <p className="rounded-lg border-2 border-blue bg-blue-light p-4">
          {missing.criteria && missing.address
            ? 'Indiquez les secteurs et les métiers qui vous intéressent, et l’adresse de votre établissement, pour des suggestions à votre mesure. '
            : missing.criteria
              ? 'Indiquez les secteurs et les métiers qui vous intéressent pour des suggestions à votre mesure. '
              : 'Indiquez l’adresse de votre établissement pour voir les entreprises les plus proches. '}
          <a className="link font-semibold" href={`${ROUTES.myProfile}#criteres`}>
            Compléter mon profil
          </a>
        </p>
      )}
      {suggestions.length === 0 ? (
        <Card className="flex flex-col items-start gap-3">
          <p>
            Aucune entreprise à vous suggérer pour le moment : aucune n’a de place libre près de vous dans les
            deux mois à venir.
          </p>
          <a className="link font-semibold" href={ROUTES.searchCompanies}>
            Chercher une entreprise
          </a>
        </Card>
      ) : (
        <>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {suggestions.map(({ starred, ...company }) => (
              <li key={company.id}>
                <CompanyCard
                  company={company}
                  star={
                    <Island
                      name="FavoriteButton"
                      component={FavoriteButton}
                      props={{ companyId: String(company.id), companyName: company.name, starred }}
                    />
                  }
                />
              </li>
            ))}
          </ul>
          <Island name="Toaster" component={Toaster} props={{}} />
        </>
      )}
    </section>
  );
}
