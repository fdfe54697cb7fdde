import { useData } from 'vike-react/useData';
import { ROUTES } from '../../../common/routes.ts';
import { FeedbackAnswers } from '../../../islands/feedback/FeedbackParts.tsx';
import { Island } from '../../../islands/Island.tsx';
import { MarkAbsent } from '../../../islands/meetings/MarkAbsent.tsx';
import {
  AccompanyingAdult,
  DetailsSection,
  EmailLink,
  FactList,
  MeetingFacts,
  PhoneLink,
  PreparationChecklist,
  SpeakerFacts,
} from '../../../islands/meetings/MeetingDetailsParts.tsx';
import { VisitDocuments } from '../../company-details/VisitDocuments.tsx';
import { MeetingDetailsHead } from '../../layout/MeetingDetailsHead.tsx';
import { MeetingDocumentLinks } from '../../layout/MeetingDocumentLinks.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { meeting, documents, cancel } = useData<Data>();
  const { teacher, establishment } = meeting;
  return (
    <div className="page flex max-w-4xl flex-col gap-6">
      <MeetingDetailsHead meeting={meeting} side="company" cancel={cancel} />
      {meeting.status === 'done' && (
        <>
          <Island
            name="MarkAbsent"
            component={MarkAbsent}
            props={{
              meetingId: meeting.id,
              absent: meeting.absent,
              canMarkAbsent: meeting.canMarkAbsent,
              endsAt: meeting.endsAt,
              timeZone: meeting.timeZone,
            }}
          />
          <DetailsSection id="avis" title="Avis de l’enseignant">
            {meeting.feedback ? (
              <FeedbackAnswers feedback={meeting.feedback} />
            ) : (
              <p>
                L’enseignant n’a pas encore donné son avis. Il y est invité par e-mail après la rencontre ; sa
                réponse apparaîtra ici et dans vos résultats, sur la page{' '}
                <a className="link" href={ROUTES.myCompany}>
                  Mon entreprise
                </a>
                .
              </p>
            )}
          </DetailsSection>
        </>
      )}
      <MeetingDocumentLinks meeting={meeting} />
      <DetailsSection id="rencontre" title="La rencontre">
        <MeetingFacts meeting={meeting} />
      </DetailsSection>
      <DetailsSection id="enseignant" title="L’enseignant">
        <FactList
          facts={[
            ['Nom', `${teacher.firstName} ${teacher.lastName}`],
            ['Adresse e-mail', <EmailLink key="email" email={teacher.email} />],
            ['Téléphone', teacher.phone ? <PhoneLink key="phone" phone={teacher.phone} /> : 'Non renseigné'],
            [
              'Établissement',
              establishment ? (
                <span key="establishment">
                  {establishment.name}
                  {establishment.type && ` (${establishment.type})`}
                  {establishment.address && (
                    <>
                      <br />
                      {establishment.address}
                    </>
                  )}
                </span>
              ) : (
                'Non renseigné'
              ),
            ],
          ]}
        />
      </DetailsSection>
      <DetailsSection id="informations" title="Informations de l’enseignant">
        <FactList
          facts={[
            ['Message', meeting.message ?? 'Aucun message'],
            [
              'Adulte accompagnateur',
              <AccompanyingAdult
                key="adult"
                name={meeting.accompanyingAdultName}
                phone={meeting.accompanyingAdultPhone}
              />,
            ],
          ]}
        />
      </DetailsSection>
      <DetailsSection id="intervenant" title="L’intervenant">
        <SpeakerFacts speaker={meeting.speaker} />
      </DetailsSection>
      <VisitDocuments
        documents={documents}
        id="documents-rencontre"
        heading="Documents de l’enseignant"
        intro="Déposés par l’enseignant sur son profil pour préparer la rencontre."
      />
      {meeting.status !== 'cancelled' && (
        <DetailsSection id="preparation" title="Préparer la rencontre">
          <PreparationChecklist meetingType={meeting.meetingType} side="company" />
        </DetailsSection>
      )}
    </div>
  );
}
