import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { CONTACT_MESSAGE_MAX } from '../../common/contact.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { contactCompanySchema } from '../../common/search.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { Card } from '../ui/Card.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../ui/Field.tsx';
import { companyUrl } from './CompanyCard.tsx';

export interface ContactCompanyProps {
  companyId: number;
  companyName: string;
  /** A visitor is shown the way to log in; only a teacher writes. */
  audience: 'teacher' | 'visitor';
  /** How many messages this teacher already sent the company. */
  sentCount: number;
  /**
   * Without JavaScript (pages/company-details/contact-company-post.ts): the form shown in the card
   * (`?ecrire=1`), the message just sent (`?message=envoye`), or a refused post's text and messages.
   */
  plain?: { open: boolean; sent: boolean; posted: PostedCompanyMessage | null };
}

/** A message posted as a plain form and refused: its text, and why. */
export interface PostedCompanyMessage {
  message: string;
  error: string | undefined;
  alert: string | null;
}

/** The page's form among the others of the company page. */
export const CONTACT_COMPANY_INTENT = 'contactCompany';
/** Where the card sits on the company page: the plain form comes back to it. */
export const CONTACT_COMPANY_ANCHOR = 'contacter';
export const CONTACT_COMPANY_CLOSED =
  'Cette entreprise ne reçoit plus de messages : elle a sans doute publié un créneau. Rechargez la page pour le voir.';

const CONTACT_COMPANY = `mutation ContactCompany($companyId: ID!, $message: String!) {
  contactCompany(companyId: $companyId, message: $message)
}`;

export const CONTACT_SENT = 'Votre message a été envoyé à l’entreprise.';

function sentNote(count: number): string {
  return count > 1
    ? `Vous avez déjà écrit ${count} fois à cette entreprise : elle vous répondra à votre adresse e-mail.`
    : 'Vous avez déjà écrit à cette entreprise : elle vous répondra à votre adresse e-mail.';
}

/**
 * A company that asked to be contacted while it has no slot (PRODUCT.md, Discovery): a teacher writes to
 * it from a dialog, and the platform e-mails the message. The text stays on any error; a visitor is sent
 * to the login and back to this page. Without JavaScript the opening button asks the page for the form,
 * shown in the card rather than in the dialog, and the page sends it (`plain`).
 */
export function ContactCompany({ companyId, companyName, audience, sentCount, plain }: ContactCompanyProps) {
  const headingId = useId();
  const formId = useId();
  const ids = useFieldIds();
  const posted = plain?.posted ?? null;
  // Asked of the page (`?ecrire=1`, or a refused post): the form in the card, as the page rendered it.
  const [inline, setInline] = useState(Boolean(plain?.open || posted));
  const [open, setOpen] = useState(false);
  const [message, setMessage] = useState(posted?.message ?? '');
  const [error, setError] = useState<string | undefined>(posted?.error);
  const [alert, setAlert] = useState<string | null>(posted?.alert ?? null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState(sentCount);
  const [confirmed, setConfirmed] = useState(Boolean(plain?.sent));
  const confirmationRef = useRef<HTMLParagraphElement>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  // Bumped on every refused submit, so that the field takes the focus even when the error is the same.
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (confirmed) confirmationRef.current?.focus();
  }, [confirmed]);
  useEffect(() => {
    if (refusals > 0 && error) textareaRef.current?.focus();
  }, [refusals, error]);

  if (audience === 'visitor') {
    const login = `${ROUTES.loginTeacher}?next=${encodeURIComponent(companyUrl(companyId))}`;
    return (
      <Card aria-labelledby={headingId} as="section" className="flex flex-col items-start gap-3">
        <h3 id={headingId} className="text-lg font-bold">
          Contacter l’entreprise
        </h3>
        <p>
          {companyName} n’a pas de créneau pour le moment mais accepte d’être contactée par les enseignants.
        </p>
        <Button href={login}>Se connecter pour contacter l’entreprise</Button>
      </Card>
    );
  }

  function close() {
    if (pending) return;
    setOpen(false);
    setAlert(null);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = contactCompanySchema.safeParse({ message });
    if (!parsed.success) {
      setError(fieldErrors(parsed.error).message);
      setAlert(null);
      setRefusals((n) => n + 1);
      return;
    }
    setError(undefined);
    setAlert(null);
    setPending(true);
    try {
      await gqlRequest(
        CONTACT_COMPANY,
        { companyId: String(companyId), message: parsed.data.message },
        'ContactCompany',
      );
      setPending(false);
      setOpen(false);
      setInline(false);
      setMessage('');
      setSent((n) => n + 1);
      setConfirmed(true);
    } catch (failure) {
      setPending(false);
      if (!(failure instanceof GraphQLRequestError)) return setAlert(MESSAGES.genericError);
      if (failure.code === 'BAD_USER_INPUT' && failure.fields.message) {
        setError(failure.fields.message);
        setRefusals((n) => n + 1);
        return;
      }
      if (failure.code === 'FORBIDDEN') return setAlert(CONTACT_COMPANY_CLOSED);
      setAlert(retryMessage(failure));
    }
  }

  const form = (
    <form
      id={formId}
      method="post"
      action={`${companyUrl(companyId)}#${CONTACT_COMPANY_ANCHOR}`}
      noValidate
      onSubmit={submit}
      className="flex flex-col gap-4"
    >
      <input type="hidden" name="intent" value={CONTACT_COMPANY_INTENT} />
      <p>
        L’entreprise recevra votre message par e-mail, avec votre nom, votre établissement et votre adresse
        e-mail pour vous répondre.
      </p>
      <FormAlert message={alert} />
      <Field
        ids={ids}
        label="Votre message"
        required
        error={error}
        hint={`Présentez votre classe et votre projet de rencontre (20 à ${CONTACT_MESSAGE_MAX} caractères).`}
      >
        <textarea
          ref={textareaRef}
          id={ids.controlId}
          name="message"
          rows={6}
          required
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          {...describedControlProps(ids, { error, hint: true })}
          className={controlClassName(Boolean(error), 'h-auto min-h-36 py-3')}
        />
      </Field>
    </form>
  );

  return (
    <Card
      id={CONTACT_COMPANY_ANCHOR}
      aria-labelledby={headingId}
      as="section"
      className="flex flex-col items-start gap-3"
    >
      <h3 id={headingId} className="text-lg font-bold">
        Contacter l’entreprise
      </h3>
      <p>
        {companyName} n’a pas de créneau pour le moment mais accepte d’être contactée : présentez votre
        projet, elle vous répondra par e-mail.
      </p>
      {confirmed && (
        <p
          ref={confirmationRef}
          tabIndex={-1}
          role="status"
          className="rounded-lg border-2 border-green-text bg-green-light p-4 font-medium"
        >
          {CONTACT_SENT}
        </p>
      )}
      {sent > 0 && !confirmed && <p>{sentNote(sent)}</p>}
      {inline ? (
        <div className="flex w-full flex-col gap-4">
          {form}
          <div>
            <Button type="submit" form={formId} loading={pending}>
              Envoyer le message
            </Button>
          </div>
        </div>
      ) : (
        // Without JavaScript, the page shows the form in the card (`?ecrire=1`).
        <form
          method="get"
          action={`${ROUTES.companyDetails}#${CONTACT_COMPANY_ANCHOR}`}
          onSubmit={(event) => {
            event.preventDefault();
            setConfirmed(false);
            setOpen(true);
          }}
        >
          <input type="hidden" name="id" value={companyId} />
          <input type="hidden" name="ecrire" value="1" />
          <Button type="submit">{sent > 0 ? 'Écrire un nouveau message' : 'Contacter l’entreprise'}</Button>
        </form>
      )}
      <Dialog
        open={open}
        onClose={close}
        title={`Écrire à ${companyName}`}
        actions={
          <>
            <Button variant="outline" color="black" onClick={close} disabled={pending}>
              Annuler
            </Button>
            <Button type="submit" form={formId} loading={pending}>
              Envoyer le message
            </Button>
          </>
        }
      >
        {form}
      </Dialog>
    </Card>
  );
}
