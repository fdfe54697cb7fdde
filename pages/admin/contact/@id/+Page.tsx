import { useData } from 'vike-react/useData';
import { CONTACT_STATUS_LABELS, contactSubjectLabel } from '../../../../common/contact.ts';
import { elide } from '../../../../common/format.ts';
import { ContactMessageActions } from '../../../../islands/contact/ContactMessageActions.tsx';
import { Island } from '../../../../islands/Island.tsx';
import { AdminPage, Facts, History, Notice, shortDateTime } from '../../parts.tsx';
import type { Data } from './+data.ts';

const NOTICES = {
  statut: 'Le statut du message est enregistré.',
  reponse: 'La réponse est envoyée par e-mail à son auteur, et le message est traité.',
} as const;

export default function Page() {
  const { done, message, history, plain } = useData<Data>();
  const subject = contactSubjectLabel(message.subject);
  return (
    <AdminPage title={`Message ${elide('de', message.name)}`} section="/admin/contact">
      <p>
        <a className="link" href="/admin/contact">
          Retour aux messages
        </a>
      </p>
      <Notice>{done && NOTICES[done]}</Notice>
      <section aria-labelledby="contact-message" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="contact-message">{subject}</h2>
        <Facts
          rows={[
            ['Reçu le', shortDateTime(message.createdAt)],
            [
              'De',
              message.fromUserId ? (
                <a key="person" className="link" href={`/admin/people/${message.fromUserId}`}>
                  {message.name}
                </a>
              ) : (
                message.name
              ),
            ],
            [
              'E-mail',
              <a key="email" className="link break-all" href={`mailto:${message.email}`}>
                {message.email}
              </a>,
            ],
            ['Profil', message.role],
            ['Établissement ou entreprise', message.organisation],
            ['Département', message.departmentCode],
            ['Statut', CONTACT_STATUS_LABELS[message.status]],
          ]}
        />
        <h3 className="font-bold">Message</h3>
        <p className="whitespace-pre-line break-words rounded-lg bg-grey-light p-4">{message.body}</p>
        {message.answer !== null && (
          <>
            <h3 className="font-bold">
              Réponse envoyée{message.answeredAt ? ` le ${shortDateTime(message.answeredAt)}` : ''}
            </h3>
            <p className="whitespace-pre-line break-words rounded-lg bg-grey-light p-4">{message.answer}</p>
          </>
        )}
      </section>
      <section aria-labelledby="contact-handle" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="contact-handle">Traiter le message</h2>
        <Island
          name="ContactMessageActions"
          component={ContactMessageActions}
          props={{
            id: String(message.id),
            status: message.status,
            answered: message.answer !== null,
            email: message.email,
            plain,
          }}
        />
      </section>
      <section aria-labelledby="contact-history" className="flex flex-col gap-4 rounded-xl bg-white p-6">
        <h2 id="contact-history">Historique</h2>
        <History entries={history} />
      </section>
    </AdminPage>
  );
}
