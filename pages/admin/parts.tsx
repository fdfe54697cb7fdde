import { Children, cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react';
import { auditActionLabel } from '../../common/admin.ts';
import { MEETING_TYPE_LABELS, type MeetingType } from '../../common/constants.ts';
import { formatSlotStart, frenchDateFormat } from '../../common/format.ts';
import { MEETING_STATUS_FEMININE_LABELS, shownMeetingStatus } from '../../common/slots.ts';
import { Button } from '../../islands/ui/Button.tsx';
import { controlClassName, describedControlProps, Field, useFieldIds } from '../../islands/ui/Field.tsx';
import { Pagination } from '../../islands/ui/Pagination.tsx';
import { STACKED_BODY, STACKED_CELL, STACKED_HEAD, STACKED_TABLE } from '../../islands/ui/stacked-table.ts';
import { TextField } from '../../islands/ui/TextField.tsx';
import { AdminNav, type AdminSection } from './AdminNav.tsx';
import { NOTICE_ID } from './page-input.ts';

/**
 * The back-office's pieces, rendered on the server: filters are GET forms (a filtered list is a URL an
 * operator can bookmark or send, and works without JavaScript), lists are tables, dates are French.
 */

const DATE = frenchDateFormat({ dateStyle: 'medium', timeZone: 'Europe/Paris' });
const DATE_TIME = frenchDateFormat({
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Paris',
});

/** "12 mars 2026", in Europe/Paris; "—" for none. */
export const shortDate = (at: Date | null | undefined) => (at ? DATE.format(at) : '—');
/** "12 mars 2026, 09:30", in Europe/Paris. */
export const shortDateTime = (at: Date) => DATE_TIME.format(at);

/** A filter form: its fields, a submit, and a link back to the whole list. */
export function FilterForm({
  label,
  action,
  children,
}: {
  label: string;
  action: string;
  children: ReactNode;
}) {
  return (
    <search aria-label={label}>
      <form
        method="get"
        action={action}
        className="grid items-end gap-4 rounded-xl bg-white p-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        {children}
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit">Filtrer</Button>
          <a className="link" href={action}>
            Tout afficher
          </a>
        </div>
      </form>
    </search>
  );
}

export function SearchText({
  label,
  name,
  value,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  hint?: string;
}) {
  return <TextField label={label} name={name} type="text" defaultValue={value} hint={hint} />;
}

export function DateInput({ label, name, value }: { label: string; name: string; value: string }) {
  return <TextField label={label} name={name} type="date" defaultValue={value} />;
}

interface Choice {
  value: string;
  label: string;
}

/** A native select (works without script); the empty choice first when there is one; its error under it. */
export function SelectField({
  label,
  name,
  value,
  empty,
  choices,
  error,
  hint,
}: {
  label: string;
  name: string;
  value: string;
  empty?: string;
  choices: Choice[];
  error?: string | undefined;
  hint?: ReactNode;
}) {
  const ids = useFieldIds();
  return (
    <Field ids={ids} label={label} error={error} hint={hint}>
      <select
        id={ids.controlId}
        name={name}
        defaultValue={value}
        {...describedControlProps(ids, { error, hint })}
        className={controlClassName(Boolean(error))}
      >
        {empty !== undefined && <option value="">{empty}</option>}
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * Under the `sm` breakpoint (a phone) a row is a card: its cells stacked, each after its column's name (the
 * cell's `data-label`, shown by CSS; the table stays a table for assistive technologies), so that every
 * column, the status first of all, is on screen without scrolling sideways (issue 21, decision 0053). From
 * `sm` up it is a table, scrolling sideways in its own box when it is wider than the page.
 */
/** Each cell of each row gets its column's name, for the stacked rows of a phone. */
function labelledRows(rows: ReactNode, headers: string[]): ReactNode {
  return Children.map(rows, (row) => {
    if (!isValidElement<{ children?: ReactNode }>(row)) return row;
    const cells = Children.toArray(row.props.children).map((cell, index) =>
      isValidElement<{ className?: string }>(cell)
        ? cloneElement(cell as ReactElement<{ className?: string; 'data-label'?: string }>, {
            'data-label': headers[index],
            className: [cell.props.className, STACKED_CELL].filter(Boolean).join(' '),
          })
        : cell,
    );
    return cloneElement(row, {}, ...cells);
  });
}

export function DataTable({
  caption,
  headers,
  children,
}: {
  caption: string;
  headers: string[];
  children: ReactNode;
}) {
  return (
    <section
      className="overflow-x-auto rounded-xl bg-white"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a region that scrolls sideways is scrolled with the keyboard once focused (WCAG 2.1.1).
      tabIndex={0}
      aria-label={`Tableau : ${caption}`}
    >
      <table className={`w-full border-collapse text-left text-sm sm:min-w-[40rem] ${STACKED_TABLE}`}>
        <caption className="sr-only">{caption}</caption>
        <thead className={STACKED_HEAD}>
          <tr className="border-b border-grey">
            {headers.map((header) => (
              <th key={header} scope="col" className="px-4 py-3 font-semibold">
                {header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody
          className={`[&>tr]:border-b [&>tr]:border-grey [&_td]:px-4 [&_td]:py-3 [&_th]:px-4 [&_th]:py-3 max-sm:[&_td]:py-1 max-sm:[&_th]:py-1 ${STACKED_BODY}`}
        >
          {labelledRows(children, headers)}
        </tbody>
      </table>
    </section>
  );
}

/** A department as the lists show it, « Rhône (69) », from the area's departments; « — » for none. */
export function departmentLabel(departments: { code: string; name: string }[], code: string | null): string {
  if (!code) return '—';
  const name = departments.find((department) => department.code === code)?.name;
  return name ? `${name} (${code})` : code;
}

/** "1 245 entreprises" / "Aucune entreprise ne correspond" above a list. */
export function ResultCount({
  total,
  one,
  many,
  none,
}: {
  total: number;
  one: string;
  many: string;
  none: string;
}) {
  const text = total === 0 ? none : `${total.toLocaleString('fr-FR')} ${total === 1 ? one : many}`;
  return (
    <p role="status" className="font-semibold">
      {text}
    </p>
  );
}

/** The page links of a list, keeping its filters. */
export function PageLinks({
  page,
  total,
  pageSize,
  href,
}: {
  page: number;
  total: number;
  pageSize: number;
  href: (page: number) => string;
}) {
  return <Pagination page={page} total={Math.ceil(total / pageSize)} hrefFor={href} />;
}

/** A URL with these query parameters, the empty ones left out. */
export function withQuery(path: string, params: Record<string, string | number | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== null && value !== undefined && value !== '') search.set(key, String(value));
  }
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** Facts as a definition list. */
export function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[max-content_1fr]">
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="font-semibold">{term}</dt>
          <dd className="break-words">{value ?? '—'}</dd>
        </div>
      ))}
    </dl>
  );
}

/** What the operators did to a company or a person, latest first. */
export function History({
  entries,
}: {
  entries: { id: number; createdAt: Date; actorName: string; action: string; details: string | null }[];
}) {
  if (entries.length === 0) return <p>Aucune action des opérateurs pour l’instant.</p>;
  return (
    <ol className="flex flex-col gap-2">
      {entries.map((entry) => (
        <li key={entry.id}>
          <time dateTime={entry.createdAt.toISOString()}>{shortDateTime(entry.createdAt)}</time> —{' '}
          {auditActionLabel(entry.action)} par {entry.actorName}
          {entry.details ? ` (${entry.details})` : ''}
        </li>
      ))}
    </ol>
  );
}

/**
 * What the page says once an action is done (post/redirect/get): the words of the toast the island shows
 * with JavaScript. The redirect opens the page at it (`#avis`).
 */
export function Notice({ children }: { children: ReactNode }) {
  if (!children) return null;
  return (
    <p id={NOTICE_ID} role="status" className="scroll-mt-24 rounded-xl bg-green-light p-4 font-semibold">
      {children}
    </p>
  );
}

/** The page's title, its menu and what it holds. */
export function AdminPage({
  title,
  section,
  children,
}: {
  title: ReactNode;
  section: AdminSection;
  children: ReactNode;
}) {
  return (
    <div className="page flex max-w-6xl flex-col gap-6">
      <h1>{title}</h1>
      <AdminNav current={section} />
      {children}
    </div>
  );
}

interface MeetingRow {
  id: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  meetingType: MeetingType;
  status: 'confirmed' | 'reported' | 'cancelled';
  companyId: number;
  companyName: string;
  teacherId: number;
  teacherFirstName: string;
  teacherLastName: string;
  establishmentName: string | null;
  participantsCount: number;
  /** When its company said the group did not come (issue 11). */
  absentAt: Date | null;
}

/** Meetings as the operators list them: when, what, who, how many, where it stands; latest first. */
export function MeetingsTable({
  meetings,
  total,
  now,
  of,
}: {
  meetings: MeetingRow[];
  total: number;
  now: Date;
  /** The page is this company's: its column would repeat its name. */
  of?: 'company';
}) {
  if (meetings.length === 0) return <p>Aucune rencontre.</p>;
  const headers = ['Date', 'Type', 'Entreprise', 'Enseignant', 'Participants', 'Statut'];
  return (
    <>
      {total > meetings.length && (
        <p>
          Les {meetings.length} plus récentes sur {total.toLocaleString('fr-FR')}.
        </p>
      )}
      <DataTable
        caption="Rencontres, de la plus récente à la plus ancienne"
        headers={of === 'company' ? headers.filter((header) => header !== 'Entreprise') : headers}
      >
        {meetings.map((meeting) => (
          <tr key={meeting.id}>
            <th scope="row" className="font-normal">
              {formatSlotStart(meeting.startsAt, meeting.timeZone)}
            </th>
            <td>{MEETING_TYPE_LABELS[meeting.meetingType]}</td>
            {of !== 'company' && (
              <td>
                <a className="link" href={`/admin/companies/${meeting.companyId}`}>
                  {meeting.companyName}
                </a>
              </td>
            )}
            <td>
              <a className="link" href={`/admin/people/${meeting.teacherId}`}>
                {meeting.teacherFirstName} {meeting.teacherLastName}
              </a>
              {meeting.establishmentName ? ` — ${meeting.establishmentName}` : ''}
            </td>
            <td>{meeting.participantsCount}</td>
            <td>
              {meeting.absentAt
                ? 'Groupe absent'
                : MEETING_STATUS_FEMININE_LABELS[
                    shownMeetingStatus(meeting.status, meeting.startsAt, meeting.endsAt, now)
                  ]}
            </td>
          </tr>
        ))}
      </DataTable>
    </>
  );
}
