import { useData } from 'vike-react/useData';
import { formatSlotDate, formatSlotHours } from '../../../common/format.ts';
import { ROUTES } from '../../../common/routes.ts';
import { FEEDBACK_THANKS, FeedbackForm } from '../../../islands/feedback/FeedbackForm.tsx';
import { FeedbackAnswers } from '../../../islands/feedback/FeedbackParts.tsx';
import { Island } from '../../../islands/Island.tsx';
import { meetingTitle } from '../../../islands/meetings/MeetingParts.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const page = useData<Data>();
  const { meeting } = page;
  const when = `${formatSlotDate(meeting.startsAt, meeting.timeZone)}, ${formatSlotHours(meeting.startsAt, meeting.endsAt, meeting.timeZone)}`;
  return (
    <div className="page flex max-w-3xl flex-col gap-6">
      <p>
        <a className="link" href={meeting.detailsUrl}>
          Retour au rendez-vous
        </a>
      </p>
      <header className="flex flex-col gap-2">
        <h1>Votre avis sur la rencontre</h1>
        <p className="text-lg font-semibold">{meetingTitle(meeting, 'teacher')}</p>
        <p>{when}</p>
      </header>
      {page.state === 'open' && (
        <>
          <p>
            Comment s’est passée la rencontre ? Vos réponses sont transmises à l’entreprise, avec votre nom :
            elles l’aident à préparer ses prochaines visites et interventions.
          </p>
          {meeting.absent && (
            <p className="rounded-lg border-2 border-yellow-text bg-yellow-light p-4">
              L’entreprise a signalé que votre groupe n’était pas venu. Si vous étiez bien présents, donnez
              tout de même votre avis et prévenez l’entreprise.
            </p>
          )}
          <Island
            name="FeedbackForm"
            component={FeedbackForm}
            props={{ meetingId: meeting.id, posted: page.posted }}
          />
        </>
      )}
      {page.state === 'given' && page.thanked && (
        <div role="status" className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium">
          {FEEDBACK_THANKS}
        </div>
      )}
      {page.state === 'given' && (
        <section aria-labelledby="vos-reponses" className="flex flex-col gap-4 rounded-2xl bg-white p-6">
          <h2 id="vos-reponses">Vos réponses</h2>
          {!page.thanked && <p>Vous avez déjà donné votre avis sur cette rencontre. Merci !</p>}
          <FeedbackAnswers feedback={page.feedback} />
        </section>
      )}
      {page.state === 'notDone' && (
        <p className="rounded-2xl bg-white p-6">
          Cette rencontre n’a pas encore eu lieu : vous pourrez donner votre avis une fois qu’elle sera
          terminée. Nous vous enverrons un e-mail à ce moment-là.
        </p>
      )}
      {page.state === 'cancelled' && (
        <p className="rounded-2xl bg-white p-6">
          Cette rencontre a été annulée : il n’y a pas d’avis à donner.{' '}
          <a className="link" href={ROUTES.searchCompanies}>
            Chercher une entreprise
          </a>
        </p>
      )}
    </div>
  );
}
