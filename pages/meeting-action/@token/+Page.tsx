import { useData } from 'vike-react/useData';
import { formatSlotStart } from '../../../common/format.ts';
import { ROUTES } from '../../../common/routes.ts';
import { Island } from '../../../islands/Island.tsx';
import { FactList } from '../../../islands/meetings/MeetingDetailsParts.tsx';
import { MeetingLinkAction } from '../../../islands/meetings/MeetingLinkAction.tsx';
import type { Data } from './+data.ts';

const TITLES = {
  confirm: { teacher: 'Confirmer votre présence', company: 'Confirmer le rendez-vous' },
  release: { teacher: 'Libérer vos places', company: 'Annuler le rendez-vous' },
} as const;

export default function Page() {
  const { token, page } = useData<Data>();
  if (!page.ok) {
    return (
      <div className="page flex max-w-lg flex-col gap-6">
        <h1>Ce lien ne peut pas servir</h1>
        <p role="alert" className="rounded-lg border-2 border-error-text bg-error-light p-4">
          {page.message}
        </p>
        <p>
          Vous pouvez retrouver vos rendez-vous en vous connectant :{' '}
          <a className="link" href={ROUTES.loginTeacher}>
            espace enseignant
          </a>{' '}
          ou{' '}
          <a className="link" href={ROUTES.loginCompany}>
            espace entreprise
          </a>
          .
        </p>
      </div>
    );
  }
  const { link } = page;
  const when = formatSlotStart(link.startsAt, link.timeZone);
  const meetingsUrl = link.side === 'teacher' ? ROUTES.meetingsTeacher : ROUTES.meetingsCompany;
  return (
    <div className="page flex max-w-lg flex-col gap-6">
      <h1>{TITLES[link.action][link.side]}</h1>
      <section aria-labelledby="rendez-vous" className="flex flex-col gap-4 rounded-2xl bg-white p-6">
        <h2 id="rendez-vous">
          {link.meetingTypeLabel} avec {link.companyName}
        </h2>
        <FactList
          facts={[
            ['Date', when],
            [link.meetingType === 'Webinar' ? 'Visioconférence' : 'Lieu', link.place],
            ['Établissement', link.side === 'company' ? link.establishmentName : null],
            ['Participants', String(link.participantsCount)],
          ]}
        />
      </section>
      {link.state === 'cancelled' ? (
        <p role="status" className="rounded-lg border-2 border-yellow-text bg-yellow-light p-4">
          {link.action === 'release'
            ? 'C’est déjà fait : ce rendez-vous est annulé et les places sont libérées.'
            : 'Ce rendez-vous est annulé : il n’y a plus de présence à confirmer.'}
        </p>
      ) : link.state === 'confirmed' ? (
        <p role="status" className="rounded-lg border-2 border-green-text bg-green-light p-4">
          Vous avez déjà confirmé votre présence le{' '}
          {formatSlotStart(link.confirmedAt ?? link.startsAt, link.timeZone)}. Il n’y a rien d’autre à faire.
        </p>
      ) : (
        <>
          <p>
            {link.action === 'confirm'
              ? `En confirmant, vous indiquez ${link.side === 'teacher' ? 'à l’entreprise que votre groupe sera bien là' : 'à l’enseignant que le rendez-vous est maintenu'}. Rien d’autre ne change.`
              : link.side === 'teacher'
                ? 'Le rendez-vous sera annulé et les places rendues à l’entreprise, qui sera prévenue par e-mail.'
                : 'Le rendez-vous sera annulé et l’enseignant prévenu par e-mail. Son groupe ne pourra pas venir.'}
          </p>
          <Island
            name="MeetingLinkAction"
            component={MeetingLinkAction}
            props={{ token, action: link.action, side: link.side, timeZone: link.timeZone }}
          />
        </>
      )}
      <p>
        <a className="link" href={meetingsUrl}>
          Voir mes rendez-vous
        </a>
      </p>
    </div>
  );
}
