import { type ReactNode, useId, useRef, useState } from 'react';
import type { CompanyForReview, DirectoryFindings } from '../../common/admin.ts';
import { elide, plural } from '../../common/format.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { Button } from '../ui/Button.tsx';
import { PostButton } from '../ui/PostButton.tsx';
import { Toaster } from '../ui/Toast.tsx';
import { decide } from './decisions.ts';
import { type PlainPost, plainPostFor } from './plain-post.ts';
import { REFUSE_INTENT, RefusalDialog, RefusalStep } from './RefusalDialog.tsx';

/** What the queue says of a company once decided: its toast, or the page's notice after a plain post. */
export const QUEUE_DECIDED = {
  ValidateCompany: (name: string) => `${name} est validée. Ses recruteurs ont été prévenus par e-mail.`,
  RefuseCompany: (name: string) =>
    `L’inscription ${elide('de', name)} est refusée. L’entreprise a été prévenue par e-mail.`,
} as const;

/**
 * The operators' queue: the companies of their area awaiting validation, each validated or refused (with
 * a reason) in place. A handled company leaves the list and focus moves to its heading, so the keyboard
 * never lands on a removed button. Before the script runs (or without it) each card is a plain form posted
 * to the page (pages/admin/index/+data.ts): « Valider » validates, « Refuser » comes back as the card's step
 * asking the reason (`plain`), and what the page refused is said there, or above the list when the company
 * has left it (another operator decided first).
 */
export function PendingCompanies({
  pending: initial,
  plain = null,
}: {
  pending: CompanyForReview[];
  plain?: PlainPost | null;
}) {
  const [pending, setPending] = useState(initial);
  const [busy, setBusy] = useState<string | null>(null);
  const [refusing, setRefusing] = useState<CompanyForReview | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refusalStep = plainPostFor(plain, REFUSE_INTENT);
  const shownOnCard = refusalStep !== null && pending.some((company) => company.id === refusalStep.target);

  const handled = (company: { id: string }) => {
    setPending((list) => list.filter((c) => c.id !== company.id));
    requestAnimationFrame(() => heading.current?.focus());
  };

  async function validate(company: CompanyForReview) {
    setBusy(company.id);
    const outcome = await decide(
      'ValidateCompany',
      { id: company.id },
      QUEUE_DECIDED.ValidateCompany(company.name),
    );
    setBusy(null);
    if (outcome !== 'failed') handled(company);
  }

  async function refuse(company: { id: string; name: string }, reason: string) {
    setBusy(company.id);
    const outcome = await decide(
      REFUSE_INTENT,
      { id: company.id, reason },
      QUEUE_DECIDED.RefuseCompany(company.name),
    );
    setBusy(null);
    if (outcome === 'failed') return;
    setRefusing(null);
    handled(company);
  }

  return (
    <section aria-labelledby="pending-companies-title" className="flex flex-col gap-4">
      <h2 id="pending-companies-title" ref={heading} tabIndex={-1}>
        En attente de validation
      </h2>
      {plain?.alert && !shownOnCard && <FormAlert message={plain.alert} />}
      <p className="text-grey-text">
        {pending.length === 0
          ? 'Aucune entreprise n’attend de validation.'
          : `${plural(pending.length, 'entreprise')} à examiner, de la plus ancienne à la plus récente.`}
      </p>
      {pending.length > 0 && (
        <ul className="flex flex-col gap-4">
          {pending.map((company) => {
            const step = plainPostFor(plain, REFUSE_INTENT, company.id);
            return (
              <CompanyCard key={company.id} company={company}>
                {step ? (
                  <RefusalStep company={company} plain={step} action={`#refuser-${company.id}`} level={4} />
                ) : (
                  <div className="flex flex-wrap gap-3">
                    <PostButton
                      action={`#company-${company.id}`}
                      fields={{ intent: 'ValidateCompany', id: company.id }}
                      color="green"
                      loading={busy === company.id && !refusing}
                      disabled={busy !== null && busy !== company.id}
                      onPress={() => void validate(company)}
                    >
                      Valider<span className="sr-only"> {company.name}</span>
                    </PostButton>
                    <PostButton
                      action={`#refuser-${company.id}`}
                      fields={{ intent: REFUSE_INTENT, id: company.id }}
                      color="error"
                      variant="outline"
                      disabled={busy !== null}
                      onPress={() => setRefusing(company)}
                    >
                      Refuser<span className="sr-only"> {company.name}</span>
                    </PostButton>
                  </div>
                )}
              </CompanyCard>
            );
          })}
        </ul>
      )}
      <RefusalDialog
        key={refusing?.id ?? 'closed'}
        company={refusing}
        busy={refusing !== null && busy === refusing.id}
        onClose={() => setRefusing(null)}
        onConfirm={refuse}
      />
      <Toaster />
    </section>
  );
}

function CompanyCard({ company, children }: { company: CompanyForReview; children: ReactNode }) {
  const titleId = useId();
  return (
    <li>
      <article
        id={`company-${company.id}`}
        aria-labelledby={titleId}
        className="flex scroll-mt-24 flex-col gap-4 rounded-2xl border border-grey bg-white p-6"
      >
        <h3 id={titleId} className="text-xl font-bold">
          <a className="link" href={`/admin/companies/${company.id}`}>
            {company.name}
          </a>
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
          {company.joinRequests > 0 && (
            <Row term="Équipe">
              {plural(
                company.joinRequests,
                'demande pour rejoindre l’équipe',
                'demandes pour rejoindre l’équipe',
              )}
              , en attente de la validation : ses administrateurs la recevront par e-mail
            </Row>
          )}
        </dl>
        <DirectorySays company={company} />
        {children}
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

const ANSWERS: Record<DirectoryFindings['answer'], string> = {
  none: 'Non consulté : aucun annuaire des entreprises n’est configuré.',
  unchecked: 'Pas encore consulté : l’annuaire est interrogé dans la minute qui suit l’inscription.',
  found: 'SIRET trouvé dans l’annuaire.',
  notFound: 'SIRET introuvable dans l’annuaire.',
  unavailable: 'Annuaire injoignable : il n’a pas répondu à temps.',
};

/**
 * What the company directory said of the SIRET (docs/decisions/0053), the name and address compared with
 * the company's, and « Vérifier à nouveau »: a plain form posted to the page, which asks it again.
 */
function DirectorySays({ company }: { company: CompanyForReview }) {
  const { directory } = company;
  const tone = (ok: boolean) => (ok ? 'text-green-text' : 'text-error-text');
  return (
    // Named after its company: every card has one, and landmarks' names must differ.
    <section
      aria-label={`Annuaire des entreprises : ${company.name}`}
      className="flex flex-col gap-2 rounded-xl bg-grey-light p-4"
    >
      <h4 className="font-semibold">Annuaire des entreprises</h4>
      <p
        className={
          directory.answer === 'found' ? tone(true) : directory.answer === 'notFound' ? tone(false) : ''
        }
      >
        {ANSWERS[directory.answer]}
      </p>
      {(directory.name || directory.address) && (
        <ul className="flex flex-col gap-1">
          {directory.name && (
            <li className={tone(directory.name.matches)}>
              {directory.name.matches ? 'Nom conforme' : 'Nom différent'} : l’annuaire indique «{'\u00a0'}
              {directory.name.directory}
              {'\u00a0'}».
            </li>
          )}
          {directory.address && (
            <li className={tone(directory.address.matches)}>
              {directory.address.matches ? 'Adresse conforme (code postal et commune)' : 'Adresse différente'}
              {'\u00a0'}: l’annuaire indique «{'\u00a0'}
              {directory.address.directory}
              {'\u00a0'}».
            </li>
          )}
        </ul>
      )}
      {directory.answer !== 'none' && (
        <form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="directory" />
          <input type="hidden" name="id" value={company.id} />
          <Button type="submit" variant="outline">
            {directory.answer === 'unchecked' ? 'Vérifier maintenant' : 'Vérifier à nouveau'}
            <span className="sr-only"> le SIRET {elide('de', company.name)}</span>
          </Button>
          {directory.checkedOn && <span className="text-grey-text">Consulté le {directory.checkedOn}.</span>}
        </form>
      )}
    </section>
  );
}
