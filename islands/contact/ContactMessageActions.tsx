import { type FormEvent, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import {
  CONTACT_ANSWER_MAX,
  CONTACT_STATUS_LABELS,
  CONTACT_STATUSES,
  type ContactStatus,
  contactAnswerSchema,
} from '../../common/contact.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import type { PlainPost } from '../admin/plain-post.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';

const UPDATE_CONTACT_MESSAGE = `mutation UpdateContactMessage($id: ID!, $status: ContactMessageStatus, $answer: String) {
  updateContactMessage(id: $id, status: $status, answer: $answer) { id status answer }
}`;

/** The intents of the two plain forms (pages/admin/contact/@id/+data.ts). */
export const CONTACT_INTENTS = { status: 'status', answer: 'answer' } as const;

/**
 * What an operator does with a contact message: change its status (nouveau, en cours, traité), and answer
 * it once — the answer is e-mailed to its author and marks it handled. After each, the page is read again
 * from the server (`?fait=`), which says what was done and shows the history. Before the script runs (or
 * without it) both are plain forms posted to the page; a refused answer comes back with its text (`plain`).
 */
export function ContactMessageActions({
  id,
  status: current,
  answered,
  email,
  plain = null,
}: {
  id: string;
  status: ContactStatus;
  answered: boolean;
  email: string;
  plain?: PlainPost | null;
}) {
  const statusIds = useFieldIds();
  const answerIds = useFieldIds();
  const [status, setStatus] = useState<ContactStatus>(current);
  const [answer, setAnswer] = useState(
    plain?.intent === CONTACT_INTENTS.answer ? (plain.values.answer ?? '') : '',
  );
  const [answerError, setAnswerError] = useState<string | undefined>(plain?.errors.answer);
  const [alert, setAlert] = useState<string | null>(plain?.alert ?? null);
  const [busy, setBusy] = useState<'status' | 'answer' | null>(null);
  const answerRef = useRef<HTMLTextAreaElement>(null);

  async function update(variables: Record<string, string>, done: 'statut' | 'reponse') {
    setAlert(null);
    setBusy(done === 'statut' ? 'status' : 'answer');
    try {
      await gqlRequest(UPDATE_CONTACT_MESSAGE, { id, ...variables }, 'UpdateContactMessage');
      window.location.assign(`${ROUTES.adminContactMessage(id)}?fait=${done}`);
    } catch (failure) {
      setBusy(null);
      if (!(failure instanceof GraphQLRequestError)) return setAlert(MESSAGES.genericError);
      if (failure.fields.answer) {
        setAnswerError(failure.fields.answer);
        answerRef.current?.focus();
        return;
      }
      setAlert(failure.message);
    }
  }

  function saveStatus(event: FormEvent) {
    event.preventDefault();
    void update({ status }, 'statut');
  }

  function sendAnswer(event: FormEvent) {
    event.preventDefault();
    const parsed = contactAnswerSchema.safeParse({ answer });
    if (!parsed.success) {
      setAnswerError(fieldErrors(parsed.error).answer);
      answerRef.current?.focus();
      return;
    }
    setAnswerError(undefined);
    void update({ answer: parsed.data.answer }, 'reponse');
  }

  return (
    <div className="flex flex-col gap-8">
      <FormAlert message={alert} />
      <form
        method="post"
        noValidate
        onSubmit={saveStatus}
        aria-label="Statut du message"
        className="flex flex-wrap items-end gap-4"
      >
        <input type="hidden" name="intent" value={CONTACT_INTENTS.status} />
        <div className="min-w-56 grow sm:grow-0">
          <Field ids={statusIds} label="Statut">
            <select
              id={statusIds.controlId}
              name="status"
              value={status}
              onChange={(event) => setStatus(event.currentTarget.value as ContactStatus)}
              className={controlClassName(false)}
            >
              {CONTACT_STATUSES.map((value) => (
                <option key={value} value={value}>
                  {CONTACT_STATUS_LABELS[value]}
                </option>
              ))}
            </select>
          </Field>
        </div>
        <Button
          type="submit"
          variant="outline"
          color="black"
          loading={busy === 'status'}
          disabled={busy !== null}
        >
          Enregistrer le statut
        </Button>
      </form>
      {answered ? (
        <p>Ce message a reçu sa réponse. Pour poursuivre l’échange, écrivez directement à {email}.</p>
      ) : (
        <form
          method="post"
          noValidate
          onSubmit={sendAnswer}
          aria-label="Répondre au message"
          className="flex flex-col items-start gap-4"
        >
          <input type="hidden" name="intent" value={CONTACT_INTENTS.answer} />
          <Field
            ids={answerIds}
            label="Réponse"
            required
            error={answerError}
            hint={`Envoyée par e-mail à ${email}, avec son message ; le message passe à « Traité » (${CONTACT_ANSWER_MAX} caractères au maximum).`}
            className="w-full"
          >
            <textarea
              ref={answerRef}
              id={answerIds.controlId}
              name="answer"
              rows={6}
              required
              value={answer}
              onChange={(event) => setAnswer(event.currentTarget.value)}
              {...describedControlProps(answerIds, { error: answerError, hint: true })}
              className={controlClassName(Boolean(answerError), 'h-auto min-h-36 py-3')}
            />
          </Field>
          <Button type="submit" loading={busy === 'answer'} disabled={busy !== null}>
            Envoyer la réponse
          </Button>
        </form>
      )}
    </div>
  );
}
