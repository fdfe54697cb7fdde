import { type FormEvent, useEffect, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import type { UserKind } from '../../common/constants.ts';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_MESSAGE_MIN,
  CONTACT_MESSAGES,
  CONTACT_SUBJECT_LABELS,
  CONTACT_SUBJECTS,
  contactMessageSchema,
} from '../../common/contact.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';

export interface ContactFormProps {
  /** Who writes, from their account: shown, not typed. */
  sender: { name: string; email: string; role: string; organisation: string | null; kind: UserKind };
  /** The message was sent by a plain post (pages/contact-us/+data.ts): the page says so. */
  sent?: boolean;
  /** A plain post refused by the page: the values kept, the messages. */
  posted?: { values: { subject: string; message: string }; errors: Fields; alert: string | null } | null;
}

const SEND_CONTACT_MESSAGE = `mutation SendContactMessage($input: ContactMessageInput!) {
  sendContactMessage(input: $input)
}`;

type Fields = { subject?: string; message?: string };

/**
 * The contact form (issue 12): a subject of the list and a message, the sender's details shown as their
 * account has them. A refusal is said under its field, the values kept, the focus on the first wrong
 * field; once sent the page says so and offers to write another. Posted before the script runs, the page
 * sends it (`sent`) or shows its refusal (`posted`).
 */
export function ContactForm({ sender, sent: sentByPost = false, posted = null }: ContactFormProps) {
  const subjectIds = useFieldIds();
  const messageIds = useFieldIds();
  const [subject, setSubject] = useState(posted?.values.subject ?? '');
  const [message, setMessage] = useState(posted?.values.message ?? '');
  const [errors, setErrors] = useState<Fields>(posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(sentByPost);
  // Bumped on every refusal, so that the focus moves even when the errors are the same as before.
  const [refusals, setRefusals] = useState(0);
  const subjectRef = useRef<HTMLSelectElement>(null);
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const confirmationRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (refusals === 0) return;
    if (errors.subject) subjectRef.current?.focus();
    else if (errors.message) messageRef.current?.focus();
  }, [refusals, errors]);
  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
  }, [sent]);

  function refuse(fields: Fields) {
    setErrors(fields);
    setRefusals((n) => n + 1);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    const parsed = contactMessageSchema.safeParse({ subject: subject || undefined, message });
    if (!parsed.success) return refuse(fieldErrors(parsed.error));
    setErrors({});
    setPending(true);
    try {
      await gqlRequest(SEND_CONTACT_MESSAGE, { input: parsed.data }, 'SendContactMessage');
      setSubject('');
      setMessage('');
      setSent(true);
    } catch (failure) {
      if (!(failure instanceof GraphQLRequestError)) return setAlert(MESSAGES.genericError);
      if (failure.code === 'BAD_USER_INPUT' && (failure.fields.subject || failure.fields.message)) {
        return refuse({ subject: failure.fields.subject, message: failure.fields.message });
      }
      setAlert(retryMessage(failure));
    } finally {
      setPending(false);
    }
  }

  if (sent) {
    return (
      <div
        ref={confirmationRef}
        tabIndex={-1}
        role="status"
        className="flex flex-col items-start gap-4 rounded-2xl border-2 border-green-text bg-green-light p-6"
      >
        <h2 className="text-xl font-bold">Message envoyé</h2>
        <p>{CONTACT_MESSAGES.sent}</p>
        {sentByPost ? (
          // Said by the page after a plain post: a link, which works before the script runs too.
          <Button variant="outline" color="black" href={ROUTES.contactUs}>
            Écrire un autre message
          </Button>
        ) : (
          <Button variant="outline" color="black" onClick={() => setSent(false)}>
            Écrire un autre message
          </Button>
        )}
      </div>
    );
  }

  const profileUrl = sender.kind === 'admin' ? '/admin/account' : ROUTES.myProfile;
  return (
    <form
      method="post"
      noValidate
      onSubmit={submit}
      aria-labelledby="contact-form-title"
      className="flex flex-col gap-6 rounded-2xl bg-white p-6"
    >
      <h2 id="contact-form-title" className="text-xl font-bold">
        Votre message
      </h2>
      <section aria-labelledby="contact-sender-title" className="flex flex-col gap-2">
        <h3 id="contact-sender-title" className="font-bold">
          Vos coordonnées
        </h3>
        <dl className="grid gap-x-6 gap-y-1 sm:grid-cols-[max-content_1fr]">
          <dt className="font-semibold">Nom</dt>
          <dd className="break-words">{sender.name}</dd>
          <dt className="font-semibold">E-mail</dt>
          <dd className="break-all">{sender.email}</dd>
          <dt className="font-semibold">Profil</dt>
          <dd className="break-words">{sender.role}</dd>
          {sender.organisation && (
            <>
              <dt className="font-semibold">
                {sender.kind === 'recruiter' ? 'Entreprise' : 'Établissement'}
              </dt>
              <dd className="break-words">{sender.organisation}</dd>
            </>
          )}
        </dl>
        <p className="text-sm text-grey-text">
          L’équipe vous répondra à cette adresse. Pour la changer :{' '}
          <a className="link" href={profileUrl}>
            mon profil
          </a>
          .
        </p>
      </section>
      <FormAlert message={alert} />
      <Field ids={subjectIds} label="Sujet" required error={errors.subject}>
        <select
          ref={subjectRef}
          id={subjectIds.controlId}
          name="subject"
          required
          value={subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
          {...describedControlProps(subjectIds, { error: errors.subject })}
          className={controlClassName(Boolean(errors.subject))}
        >
          <option value="">Choisissez un sujet</option>
          {CONTACT_SUBJECTS.map((value) => (
            <option key={value} value={value}>
              {CONTACT_SUBJECT_LABELS[value]}
            </option>
          ))}
        </select>
      </Field>
      <Field
        ids={messageIds}
        label="Message"
        required
        error={errors.message}
        hint={`Décrivez votre demande (${CONTACT_MESSAGE_MIN} à ${CONTACT_MESSAGE_MAX} caractères).`}
      >
        <textarea
          ref={messageRef}
          id={messageIds.controlId}
          name="message"
          rows={8}
          required
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          {...describedControlProps(messageIds, { error: errors.message, hint: true })}
          className={controlClassName(Boolean(errors.message), 'h-auto min-h-40 py-3')}
        />
      </Field>
      <div>
        <Button type="submit" loading={pending}>
          Envoyer le message
        </Button>
      </div>
    </form>
  );
}
