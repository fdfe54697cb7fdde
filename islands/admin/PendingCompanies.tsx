import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react';
import { type CompanyForReview, REFUSAL_REASON_MAX } from '../../common/admin.ts';
import { MESSAGES } from '../../common/messages.ts';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { cx, focusRing } from '../ui/cx.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { Field, useFieldIds } from '../ui/Field.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';

const MUTATIONS = {
  ValidateCompany: 'mutation ValidateCompany($id: ID!) { validateCompany(id: $id) { id status } }',
  RefuseCompany:
    'mutation RefuseCompany($id: ID!, $reason: String) { refuseCompany(id: $id, reason: $reason) { id status } }',
  ArchiveCompany: 'mutation ArchiveCompany($id: ID!) { archiveCompany(id: $id) { id status } }',
} as const;

/** Errors after which the row has nothing left to offer: another operator got there first. */
const ALREADY_HANDLED = new Set(['invalid_company_status', 'NOT_FOUND']);

type Outcome = 'done' | 'gone' | 'failed';

async function run(
  operation: keyof typeof MUTATIONS,
  variables: Record<string, unknown>,
  success: string,
): Promise<Outcome> {
  try {
    await gqlRequest(MUTATIONS[operation], variables, operation);
    toast.success(success);
    return 'done';
  } catch (error) {
    const failure =
      error instanceof GraphQLRequestError
        ? error
        : new GraphQLRequestError('other_error', MESSAGES.genericError);
    if (ALREADY_HANDLED.has(failure.code)) {
      toast.warning(failure.message);
      return 'gone';
    }
    toast.danger(failure.message);
    return 'failed';
  }
}

/**
 * The operators' queue: companies awaiting validation, each validated or refused (with a reason) in place,
 * and the last validated companies, which can be archived after a confirmation. A handled company leaves
 * its list and focus moves to the list's heading, so the keyboard never lands on a removed button.
 */
export function PendingCompanies({
  pending: initialPending,
  validated: initialValidated,
}: {
  pending: CompanyForReview[];
  validated: CompanyForReview[];
}) {
  const [pending, setPending] = useState(initialPending);
  const [validated, setValidated] = useState(initialValidated);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusing, setRefusing] = useState<CompanyForReview | null>(null);
  const [archiving, setArchiving] = useState<CompanyForReview | null>(null);
  const pendingHeading = useRef<HTMLHeadingElement>(null);
  const validatedHeading = useRef<HTMLHeadingElement>(null);

  const focusLater = (heading: HTMLHeadingElement | null) => requestAnimationFrame(() => heading?.focus());

  async function validate(company: CompanyForReview) {
    setBusy(company.id);
    const outcome = await run(
      'ValidateCompany',
      { id: company.id },
      `${company.name} est validée. Ses recruteurs ont été prévenus par e-mail.`,
    );
    setBusy(null);
    if (outcome === 'failed') return;
    setPending((list) => list.filter((c) => c.id !== company.id));
    if (outcome === 'done') setValidated((list) => [{ ...company, validatedOn: "aujourd'hui" }, ...list]);
    focusLater(pendingHeading.current);
  }

  async function refuse(company: CompanyForReview, reason: string) {
    setBusy(company.id);
    const outcome = await run(
      'RefuseCompany',
      { id: company.id, reason },
      `L'inscription de ${company.name} est refusée. L'entreprise a été prévenue par e-mail.`,
    );
    setBusy(null);
    if (outcome === 'failed') return;
    setRefusing(null);
    setPending((list) => list.filter((c) => c.id !== company.id));
    focusLater(pendingHeading.current);
  }

  async function archive(company: CompanyForReview) {
    setBusy(company.id);
    const outcome = await run('ArchiveCompany', { id: company.id }, `${company.name} est archivée.`);
    setBusy(null);
    if (outcome === 'failed') return;
    setArchiving(null);
    setValidated((list) => list.filter((c) => c.id !== company.id));
    focusLater(validatedHeading.current);
  }

  return (
    <div className="flex flex-col gap-10">
      <section aria-labelledby="pending-companies-title" className="flex flex-col gap-4">
        <h2 id="pending-companies-title" ref={pendingHeading} tabIndex={-1} className="text-2xl font-bold">
          Entreprises en attente de validation
        </h2>
        <p className="text-grey-text">
          {pending.length === 0
            ? "Aucune entreprise n'attend de validation."
            : `${pending.length} entreprise${pending.length > 1 ? 's' : ''} à examiner, de la plus ancienne à la plus récente.`}
        </p>
        {pending.length > 0 && (
          <ul className="flex flex-col gap-4">
            {pending.map((company) => (
              <CompanyCard key={company.id} company={company}>
                <Button
                  color="green"
                  loading={busy === company.id && !refusing}
                  disabled={busy !== null && busy !== company.id}
                  onClick={() => validate(company)}
                >
                  Valider<span className="sr-only"> {company.name}</span>
                </Button>
                <Button
                  color="error"
                  variant="outline"
                  disabled={busy !== null}
                  onClick={() => setRefusing(company)}
                >
                  Refuser<span className="sr-only"> {company.name}</span>
                </Button>
              </CompanyCard>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="validated-companies-title" className="flex flex-col gap-4">
        <h2
          id="validated-companies-title"
          ref={validatedHeading}
          tabIndex={-1}
          className="text-2xl font-bold"
        >
          Entreprises validées récemment
        </h2>
        <p className="text-grey-text">
          {validated.length === 0
            ? "Aucune entreprise n'a été validée récemment."
            : 'Les dernières entreprises validées. Archiver une entreprise la retire de la plateforme : elle ne peut plus se connecter et ses créneaux à venir sont supprimés.'}
        </p>
        {validated.length > 0 && (
          <ul className="flex flex-col gap-4">
            {validated.map((company) => (
              <CompanyCard key={company.id} company={company}>
                <Button
                  color="black"
                  variant="outline"
                  disabled={busy !== null}
                  onClick={() => setArchiving(company)}
                >
                  Archiver<span className="sr-only"> {company.name}</span>
                </Button>
              </CompanyCard>
            ))}
          </ul>
        )}
      </section>

      <RefusalDialog
        key={refusing?.id ?? 'closed'}
        company={refusing}
        busy={refusing !== null && busy === refusing.id}
        onClose={() => setRefusing(null)}
        onConfirm={refuse}
      />
      <Dialog
        open={archiving !== null}
        onClose={() => setArchiving(null)}
        title={archiving ? `Archiver ${archiving.name} ?` : ''}
        actions={
          <>
            <Button variant="outline" color="black" onClick={() => setArchiving(null)}>
              Annuler
            </Button>
            <Button
              color="black"
              loading={archiving !== null && busy === archiving.id}
              onClick={() => archiving && archive(archiving)}
            >
              Archiver l'entreprise
            </Button>
          </>
        }
      >
        <p>
          L'entreprise ne pourra plus se connecter et n'apparaîtra plus aux enseignants. Ses créneaux à venir
          seront supprimés et les enseignants qui les avaient réservés seront prévenus par e-mail.
        </p>
      </Dialog>
      <Toaster />
    </div>
  );
}

function CompanyCard({ company, children }: { company: CompanyForReview; children: ReactNode }) {
  const titleId = useId();
  return (
    <li>
      <article
        aria-labelledby={titleId}
        className="flex flex-col gap-4 rounded-2xl border border-grey bg-white p-6"
      >
        <h3 id={titleId} className="text-xl font-bold">
          {company.name}
        </h3>
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
          <Row term="SIRET">{company.siret}</Row>
          <Row term="Code NAF">{company.nafCode}</Row>
          <Row term="Secteur">{company.sector}</Row>
          <Row term="Département">{company.department}</Row>
          <Row term="Adresse">{company.address || 'Non renseignée'}</Row>
          <Row term="Contact">
            {company.contactName ?? 'Non renseigné'}
            {company.contactEmail && (
              <>
                {' — '}
                <a className="link" href={`mailto:${company.contactEmail}`}>
                  {company.contactEmail}
                </a>
              </>
            )}
          </Row>
          <Row term="Inscription">
            <time dateTime={company.registeredAt}>{company.registeredOn}</time>
          </Row>
          {company.validatedOn && <Row term="Validation">{company.validatedOn}</Row>}
        </dl>
        <div className="flex flex-wrap gap-3">{children}</div>
      </article>
    </li>
  );
}

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="font-semibold">{term}</dt>
      <dd className="break-words">{children}</dd>
    </div>
  );
}

function RefusalDialog({
  company,
  busy,
  onClose,
  onConfirm,
}: {
  company: CompanyForReview | null;
  busy: boolean;
  onClose: () => void;
  onConfirm: (company: CompanyForReview, reason: string) => void;
}) {
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const ids = useFieldIds();
  const formId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!company) return;
    const trimmed = reason.trim();
    if (!trimmed) return setError(MESSAGES.required);
    setError(undefined);
    onConfirm(company, trimmed);
  };

  return (
    <Dialog
      open={company !== null}
      onClose={onClose}
      title={company ? `Refuser l'inscription de ${company.name}` : ''}
      actions={
        <>
          <Button variant="outline" color="black" onClick={onClose}>
            Annuler
          </Button>
          <Button type="submit" form={formId} color="error" loading={busy}>
            Refuser l'inscription
          </Button>
        </>
      }
    >
      <form id={formId} method="post" noValidate onSubmit={submit} className="flex flex-col gap-3">
        <Field
          ids={ids}
          label="Motif du refus"
          required
          error={error}
          hint="Il est envoyé par e-mail aux recruteurs de l'entreprise."
        >
          <textarea
            id={ids.controlId}
            name="reason"
            required
            rows={4}
            maxLength={REFUSAL_REASON_MAX}
            value={reason}
            onChange={(event) => setReason(event.currentTarget.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={[ids.hintId, error ? ids.errorId : null].filter(Boolean).join(' ')}
            className={cx(
              'w-full rounded-lg border bg-white px-4 py-3 text-base text-dark',
              error ? 'border-2 border-error-text' : 'border-grey-text',
              focusRing,
            )}
          />
        </Field>
      </form>
    </Dialog>
  );
}
