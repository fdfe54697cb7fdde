import { useState } from 'react';
import { MESSAGES } from '../../common/messages.ts';
import { FormAlert } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { ConfirmStep } from '../ui/ConfirmStep.tsx';
import { cx, focusRing } from '../ui/cx.ts';
import { Dialog } from '../ui/Dialog.tsx';
import { STACKED_BODY, STACKED_CELL, STACKED_HEAD, STACKED_TABLE } from '../ui/stacked-table.ts';
import { Toaster } from '../ui/Toast.tsx';
import { toast } from '../ui/toast-store.ts';
import { type PlainPost, plainPostFor } from './plain-post.ts';

/** A department as the operators see it (server/admin/departments.ts). */
export interface AdminDepartment {
  code: string;
  name: string;
  region: string;
  timeZone: string;
  chamber: string | null;
  active: boolean;
  validatedCompanies: number;
  pendingCompanies: number;
  upcomingMeetings: number;
}

const plural = (count: number, one: string, many: string) =>
  `${count.toLocaleString('fr-FR')} ${count > 1 ? many : one}`;

const SET_ACTIVE =
  'mutation SetDepartmentActive($code: String!, $active: Boolean!) { setDepartmentActive(code: $code, active: $active) { code active } }';

function switchLabel(department: Pick<AdminDepartment, 'code' | 'name'>): string {
  return `Plateforme ouverte : ${department.name} (${department.code})`;
}

/** The intent of a switch's plain form (pages/admin/departments/+data.ts). */
export const DEPARTMENT_INTENT = 'department';

/** Where the closing's step opens without JavaScript. */
const CLOSING_STEP = 'fermer-departement';

/** What a change says: its toast, or the page's notice after a plain post. */
export function departmentChanged(department: { name: string }, active: boolean): string {
  return active
    ? `La plateforme est ouverte dans le département ${department.name}.`
    : `La plateforme est fermée dans le département ${department.name}.`;
}

const closingTitle = (department: AdminDepartment) =>
  `Fermer la plateforme dans le département ${department.name} (${department.code}) ?`;

/**
 * Every department with a switch that opens or closes the platform there; the switch waits for the server.
 * Closing shuts a department's companies out, so it is confirmed first; opening is not. Before the script
 * runs (or without it) each switch posts a plain form to the page, which asks the closing's question as a
 * step above the table (`plain`).
 */
export function DepartmentToggles({
  departments: initial,
  plain = null,
}: {
  departments: AdminDepartment[];
  plain?: PlainPost | null;
}) {
  const [departments, setDepartments] = useState(initial);
  const [saving, setSaving] = useState<ReadonlySet<string>>(new Set());
  const [closing, setClosing] = useState<AdminDepartment | null>(null);
  const activeCount = departments.filter((d) => d.active).length;
  const posted = plainPostFor(plain, DEPARTMENT_INTENT);
  const closingStep = posted && departments.find((d) => d.code === posted.target && d.active);

  function confirmClosing() {
    if (!closing) return;
    setClosing(null);
    void toggle(closing);
  }

  async function toggle(department: AdminDepartment) {
    const active = !department.active;
    setSaving((set) => new Set(set).add(department.code));
    try {
      await gqlRequest(SET_ACTIVE, { code: department.code, active }, 'SetDepartmentActive');
      setDepartments((list) => list.map((d) => (d.code === department.code ? { ...d, active } : d)));
      toast.success(departmentChanged(department, active));
    } catch (error) {
      toast.danger(error instanceof GraphQLRequestError ? error.message : MESSAGES.genericError);
    } finally {
      setSaving((set) => {
        const next = new Set(set);
        next.delete(department.code);
        return next;
      });
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <p>
        {activeCount} département{activeCount > 1 ? 's' : ''} ouvert{activeCount > 1 ? 's' : ''} sur{' '}
        {departments.length}.
      </p>
      {posted?.alert && <FormAlert message={posted.alert} />}
      {posted && closingStep && (
        <ConfirmStep
          id={CLOSING_STEP}
          title={closingTitle(closingStep)}
          level={2}
          confirmLabel="Fermer le département"
          cancelHref={posted.pageUrl}
          action={`#${CLOSING_STEP}`}
          fields={{ intent: DEPARTMENT_INTENT, code: closingStep.code, active: 'false' }}
        >
          <ClosingConsequences department={closingStep} />
        </ConfirmStep>
      )}
      <div className="overflow-x-auto rounded-2xl border border-grey bg-white">
        <table className={`w-full text-left ${STACKED_TABLE}`}>
          <caption className="sr-only">Départements et ouverture de la plateforme</caption>
          <thead className={`bg-grey-light ${STACKED_HEAD}`}>
            <tr>
              <th scope="col" className="px-4 py-3">
                Code
              </th>
              <th scope="col" className="px-4 py-3">
                Département
              </th>
              <th scope="col" className="px-4 py-3">
                Région
              </th>
              <th scope="col" className="px-4 py-3">
                Fuseau horaire
              </th>
              <th scope="col" className="px-4 py-3">
                Chambre (CST)
              </th>
              <th scope="col" className="px-4 py-3">
                Plateforme
              </th>
            </tr>
          </thead>
          <tbody className={STACKED_BODY}>
            {departments.map((department) => (
              <tr key={department.code} className="border-t border-grey">
                <td data-label="Code" className={`px-4 py-2 font-semibold ${STACKED_CELL}`}>
                  {department.code}
                </td>
                <th scope="row" data-label="Département" className={`px-4 py-2 font-normal ${STACKED_CELL}`}>
                  {department.name}
                </th>
                <td data-label="Région" className={`px-4 py-2 ${STACKED_CELL}`}>
                  {department.region}
                </td>
                <td data-label="Fuseau horaire" className={`px-4 py-2 ${STACKED_CELL}`}>
                  {department.timeZone}
                </td>
                <td data-label="Chambre (CST)" className={`px-4 py-2 ${STACKED_CELL}`}>
                  {department.chamber ?? '—'}
                </td>
                <td data-label="Plateforme" className={`px-4 py-2 ${STACKED_CELL}`}>
                  <Switch
                    department={department}
                    saving={saving.has(department.code)}
                    onToggle={() => (department.active ? setClosing(department) : toggle(department))}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <Dialog
        open={closing !== null}
        onClose={() => setClosing(null)}
        title={closing ? closingTitle(closing) : ''}
        actions={
          <>
            <Button variant="outline" color="black" onClick={() => setClosing(null)}>
              Laisser ouvert
            </Button>
            <Button color="error" onClick={confirmClosing}>
              Fermer le département
            </Button>
          </>
        }
      >
        {closing && <ClosingConsequences department={closing} />}
      </Dialog>
      <Toaster />
    </div>
  );
}

/** What closing a department changes, said before it is confirmed (issue 13). */
function ClosingConsequences({ department }: { department: AdminDepartment }) {
  return (
    <>
      <p>Une fois le département fermé :</p>
      <ul className="mt-2 list-disc pl-6">
        <li>
          {department.validatedCompanies === 0
            ? 'aucune entreprise validée n’y est inscrite ;'
            : `${plural(department.validatedCompanies, 'entreprise validée ne peut', 'entreprises validées ne peuvent')} plus se connecter ni publier de créneaux ;`}
        </li>
        {department.pendingCompanies > 0 && (
          <li>
            {plural(
              department.pendingCompanies,
              'entreprise en attente de validation ne pourra pas se connecter, même validée ;',
              'entreprises en attente de validation ne pourront pas se connecter, même validées ;',
            )}
          </li>
        )}
        <li>
          {department.upcomingMeetings === 0
            ? 'aucune rencontre à venir ne la concerne ;'
            : `${plural(department.upcomingMeetings, 'rencontre à venir reste prévue', 'rencontres à venir restent prévues')}, mais les entreprises ne pourront plus s’y connecter pour les gérer ;`}
        </li>
        <li>les inscriptions d’enseignants et d’entreprises de ce département sont refusées.</li>
      </ul>
      <p className="mt-2">Vous pourrez le rouvrir à tout moment.</p>
    </>
  );
}

/**
 * A department's switch: the submit button of a plain form posting what it turns to (the page asks the
 * closing first); once hydrated, a press opens the dialog or saves through the API instead.
 */
function Switch({
  department,
  saving,
  onToggle,
}: {
  department: AdminDepartment;
  saving: boolean;
  onToggle: () => void;
}) {
  const { active } = department;
  return (
    <form method="post" action={active ? `#${CLOSING_STEP}` : undefined}>
      <input type="hidden" name="intent" value={DEPARTMENT_INTENT} />
      <input type="hidden" name="code" value={department.code} />
      <button
        type="submit"
        name="active"
        value={String(!active)}
        role="switch"
        aria-checked={active}
        aria-label={switchLabel(department)}
        aria-busy={saving || undefined}
        // Not disabled while saving: focus stays on the switch; a second press is simply ignored.
        onClick={(event) => {
          event.preventDefault();
          if (!saving) onToggle();
        }}
        className={cx('inline-flex min-h-10 items-center gap-3 rounded-full px-1', focusRing)}
      >
        <span
          aria-hidden="true"
          className={cx(
            'relative inline-block h-6 w-11 shrink-0 rounded-full border-2 transition-colors',
            active ? 'border-green-text bg-green-text' : 'border-grey-text bg-white',
            saving && 'opacity-60',
          )}
        >
          <span
            className={cx(
              'absolute top-0.5 size-4 rounded-full transition-[left]',
              active ? 'left-5.5 bg-white' : 'left-0.5 bg-grey-text',
            )}
          />
        </span>
        <span aria-hidden="true" className="min-w-14 text-left font-medium">
          {active ? 'Ouverte' : 'Fermée'}
        </span>
      </button>
    </form>
  );
}
