import { useData } from 'vike-react/useData';
import { ROUTES } from '../../../common/routes.ts';
import { FeedbackAnswers } from '../../../islands/feedback/FeedbackParts.tsx';
import { Island } from '../../../islands/Island.tsx';
import { ChangeBooking } from '../../../islands/meetings/ChangeBooking.tsx';
import {
  AccompanyingAdult,
  DetailsSection,
  FactList,
  MeetingFacts,
  PhoneLink,
  PreparationChecklist,
  SpeakerFacts,
} from '../../../islands/meetings/MeetingDetailsParts.tsx';
import { TransportHelp } from '../../../islands/transport/TransportHelp.tsx';
import { Button } from '../../../islands/ui/Button.tsx';
import { VisitDocuments } from '../../company-details/VisitDocuments.tsx';
import { MeetingDetailsHead } from '../../layout/MeetingDetailsHead.tsx';
import { MeetingDocumentLinks } from '../../layout/MeetingDocumentLinks.tsx';
import { MeetingGroupSection } from '../../my-groups/MeetingGroupSection.tsx';
import type { Data } from './+data.ts';

export default function Page() {
  const { meeting, documents, groupChoice, change, transportPlain, cancel } = useData<Data>();
  const { company } = meeting;
  return (
    <div className="page flex max-w-4xl flex-col gap-6">
      <MeetingDetailsHead meeting={meeting} side="teacher" cancel={cancel} />
      {meeting.absent && (
        <p className="rounded-lg border-2 border-yellow-text bg-yellow-light p-4">
          L’entreprise a signalé que votre groupe n’était pas venu. S’il s’agit d’une erreur, contactez-la.
        </p>
      )}
      {meeting.status === 'done' && (
        <DetailsSection id="avis" title="Votre avis">
          {meeting.feedback ? (
            <>
              <p>Merci d’avoir donné votre avis sur cette rencontre.</p>
              <FeedbackAnswers feedback={meeting.feedback} />
            </>
          ) : (
            <div className="flex flex-col items-start gap-3">
              <p>
                Comment s’est passée la rencontre ? Trois questions, deux minutes : l’entreprise lira vos
                réponses.
              </p>
              <Button href={meeting.feedbackUrl}>Donner mon avis</Button>
            </div>
          )}
        </DetailsSection>
      )}
      {meeting.transport && (
        <Island
          name="TransportHelp"
          component={TransportHelp}
          props={{
            meetingId: meeting.id,
            participantsCount: meeting.participantsCount,
            request: meeting.transport.request,
            canRequest: meeting.transport.canRequest,
            defaultDeparture: meeting.transport.defaultDeparture,
            plain: transportPlain,
          }}
        />
      )}
      <MeetingDocumentLinks meeting={meeting} />
      <MeetingGroupSection choice={groupChoice} />
      <DetailsSection id="rencontre" title="La rencontre">
        <MeetingFacts meeting={meeting} />
        {meeting.description && <p>{meeting.description}</p>}
      </DetailsSection>
      <DetailsSection id="entreprise" title="L’entreprise">
        <FactList
          facts={[
            [
              'Nom',
              <a key="name" className="link" href={`${ROUTES.companyDetails}?id=${company.id}`}>
                {company.name}
              </a>,
            ],
            ['Téléphone', company.phone ? <PhoneLink key="phone" phone={company.phone} /> : 'Non renseigné'],
            ['Adresse', company.address],
          ]}
        />
      </DetailsSection>
      <DetailsSection id="intervenant" title="L’intervenant">
        <SpeakerFacts speaker={meeting.speaker} />
      </DetailsSection>
      <DetailsSection id="informations" title="Vos informations pour l’entreprise">
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
            ['Établissement', meeting.establishment?.name],
          ]}
        />
      </DetailsSection>
      {change && (
        <Island name="ChangeBooking" component={ChangeBooking} props={{ meetingId: meeting.id, ...change }} />
      )}
      <VisitDocuments
        documents={documents}
        id="documents-rencontre"
        heading="Documents du créneau"
        intro="Documentation de la visite, consignes de sécurité… à lire avant la rencontre."
      />
      {meeting.status !== 'cancelled' && (
        <DetailsSection id="preparation" title="Préparer la rencontre">
          <PreparationChecklist meetingType={meeting.meetingType} side="teacher" />
        </DetailsSection>
      )}
    </div>
  );
}
