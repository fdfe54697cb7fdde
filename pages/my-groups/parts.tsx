import type { ReactNode } from 'react';
import { schoolYearLabel } from '../../common/classes.ts';
import { TEXT_MAX } from '../../common/text.ts';

export { encountersLabel, hoursLabel } from '../../common/classes.ts';

import { Button } from '../../islands/ui/Button.tsx';
import { cx } from '../../islands/ui/cx.ts';
import { TextField } from '../../islands/ui/TextField.tsx';
import { SelectField } from '../admin/parts.tsx';
import type { FormRefusal } from '../layout/form-post.ts';

/** "2026-03-10" → "10/03/2026". */
export const shortDay = (day: string) => `${day.slice(8, 10)}/${day.slice(5, 7)}/${day.slice(0, 4)}`;

/** Whether a group has met at least one company this school year: a mark that does not rely on colour alone. */
export function EncounterMark({ count }: { count: number }) {
  return count > 0 ? (
    <span className="inline-flex items-center gap-1 rounded-full bg-green-light px-3 py-1 text-sm font-semibold text-green-text">
      <span aria-hidden="true">✓</span> Au moins une rencontre cette année
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 rounded-full bg-yellow-light px-3 py-1 text-sm font-semibold text-yellow-text">
      <span aria-hidden="true">!</span> Aucune rencontre cette année
    </span>
  );
}

/** The refusal of this form, if the post that was refused is this one. */
export function refusalFor(refusal: FormRefusal | null, intent: string, target: string | null = null) {
  return refusal && refusal.intent === intent && refusal.target === target ? refusal : null;
}

/** A form's message that is not about one field: read at once by screen readers. */
export function FormMessage({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="rounded-lg border-2 border-error-text bg-error-light p-3 font-medium text-error-text"
    >
      {message}
    </p>
  );
}

/** The name, level and school year of a group, as the creation and the edition forms ask them. */
export function GroupFields({
  values,
  errors,
}: {
  values: { name: string; level: string; schoolYear: string };
  errors: Record<string, string>;
}) {
  return (
    <>
      <TextField
        label="Nom du groupe"
        name="name"
        required
        maxLength={TEXT_MAX.groupName}
        autoComplete="off"
        hint="Par exemple « 4e B » ou « Garantie jeunes — mars »."
        defaultValue={values.name}
        error={errors.name}
      />
      <TextField
        label="Niveau"
        name="level"
        maxLength={TEXT_MAX.groupLevel}
        autoComplete="off"
        hint="Facultatif : « 4e », « CAP 1re année »…"
        defaultValue={values.level}
        error={errors.level}
      />
      <TextField
        label="Année scolaire"
        name="schoolYear"
        required
        inputMode="numeric"
        autoComplete="off"
        hint="Du 1er septembre au 31 août, par exemple « 2026-2027 »."
        defaultValue={values.schoolYear}
        error={errors.schoolYear}
      />
    </>
  );
}

/** A school year's choice, as a GET form: works without script. */
export function SchoolYearPicker({
  action,
  schoolYears,
  current,
}: {
  action: string;
  schoolYears: string[];
  current: string;
}) {
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-3">
      <div className="w-48">
        <SelectField
          label="Année scolaire"
          name="schoolYear"
          value={current}
          choices={schoolYears.map((year) => ({ value: year, label: schoolYearLabel(year) }))}
        />
      </div>
      <Button type="submit" variant="outline">
        Afficher
      </Button>
    </form>
  );
}

/** A white card of the page, with its heading. */
export function Section({
  id,
  title,
  children,
  className,
}: {
  id: string;
  title: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={id}
      className={cx('flex flex-col gap-4 rounded-2xl bg-white p-4 sm:p-6', className)}
    >
      <h2 id={id}>{title}</h2>
      {children}
    </section>
  );
}
