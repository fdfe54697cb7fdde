import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { formatSlotStart, frenchDateFormat } from '../../common/format.ts';
import { holidayZoneLabel, holidayZoneOf, skipHolidays, skippedDatesLabel } from '../../common/holidays.ts';
import { MESSAGES } from '../../common/messages.ts';
import { ROUTES } from '../../common/routes.ts';
import { dateField, duplicateSlotSchema, MAX_DUPLICATE_DATES, SLOT_MESSAGES } from '../../common/slots.ts';
import { addDays } from '../../common/time.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { Button } from '../ui/Button.tsx';
import { CheckboxField } from '../ui/ChoiceGroup.tsx';
import { Dialog } from '../ui/Dialog.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import { TextField } from '../ui/TextField.tsx';

const DUPLICATE_SLOT =
  'mutation DuplicateSlot($id: ID!, $dates: [String!]!) { duplicateSlot(id: $id, dates: $dates) { id startsAt timeZone } }';

/** Where closing the result leads: the list, with the copies in it and a word about them. */
export const slotsDuplicatedPath = (count: number) => `${ROUTES.mySlots}?duplique=${count}`;

export const DUPLICATE_MESSAGES = {
  sameDate: 'Le créneau a déjà lieu ce jour-là',
  alreadyChosen: 'Cette date est déjà dans la liste',
} as const;

interface DuplicateSlotProps {
  slotId: number;
  /** "mardi 14 avril 2026 à 09:00", in the slot's zone. */
  when: string;
  /** The slot's wall-clock date in its zone, YYYY-MM-DD: the weekly series starts from it. */
  date: string;
  /** The company's day in the slot's zone (YYYY-MM-DD): the earliest date the picker offers. */
  today: string;
  /** The company's department: whose school holidays and public holidays the weekly series may skip. */
  departmentCode?: string | null;
}

const dayFormat = frenchDateFormat({ dateStyle: 'full', timeZone: 'UTC' });

/** "mardi 15 décembre 2026" for a calendar date. */
function formatCalendarDate(date: string): string {
  return dayFormat.format(new Date(`${date}T00:00:00Z`));
}

function merge(dates: readonly string[], added: readonly string[]): string[] {
  return [...new Set([...dates, ...added])].sort();
}

/**
 * "Dupliquer": copies the slot, at the same time, onto dates added one by one or as a weekly series
 * (PRODUCT.md, Slots), then shows the slots created.
 */
export function DuplicateSlot({ slotId, when, date, today, departmentCode = null }: DuplicateSlotProps) {
  const formId = useId();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [dates, setDates] = useState<string[]>([]);
  const [newDate, setNewDate] = useState('');
  const [weeks, setWeeks] = useState('');
  const [skipsHolidays, setSkipsHolidays] = useState(true);
  const [skipped, setSkipped] = useState<string[] | null>(null);
  const [errors, setErrors] = useState<{ newDate?: string; weeks?: string; dates?: string }>({});
  const [dateErrors, setDateErrors] = useState<Record<string, string>>({});
  const [alert, setAlert] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [created, setCreated] = useState<{ id: string; startsAt: string; timeZone: string }[] | null>(null);
  const result = useRef<HTMLParagraphElement>(null);

  // The form the focus was in is gone: the result takes it, and is read out.
  useEffect(() => {
    if (created) result.current?.focus();
  }, [created]);

  function reset() {
    setDates([]);
    setNewDate('');
    setWeeks('');
    setSkipped(null);
    setErrors({});
    setDateErrors({});
    setAlert(null);
    setCreated(null);
  }

  function close() {
    if (pending) return;
    if (created) {
      window.location.assign(slotsDuplicatedPath(created.length));
      return;
    }
    setOpen(false);
    reset();
  }

  function addDate() {
    const parsed = dateField.safeParse(newDate);
    let error: string | undefined;
    if (!parsed.success) error = parsed.error.issues[0]?.message;
    else if (parsed.data < today) error = SLOT_MESSAGES.pastSlot;
    else if (parsed.data === date) error = DUPLICATE_MESSAGES.sameDate;
    else if (dates.includes(parsed.data)) error = DUPLICATE_MESSAGES.alreadyChosen;
    setErrors({ newDate: error });
    if (error || !parsed.success) return;
    setDates(merge(dates, [parsed.data]));
    setNewDate('');
  }

  function addWeeks() {
    const count = Number(weeks);
    let error: string | undefined;
    if (weeks.trim() === '') error = MESSAGES.required;
    else if (!Number.isInteger(count) || count < 1) error = MESSAGES.numberTooSmall(1);
    else if (count > MAX_DUPLICATE_DATES) error = MESSAGES.numberTooLarge(MAX_DUPLICATE_DATES);
    setErrors({ weeks: error });
    if (error) return;
    const weekly = Array.from({ length: count }, (_, index) => addDays(date, 7 * (index + 1)));
    const { kept, skipped: left } = skipsHolidays
      ? skipHolidays(weekly, departmentCode)
      : { kept: weekly, skipped: [] };
    setDates(merge(dates, kept));
    setSkipped(skipsHolidays ? left : null);
    setWeeks('');
  }

  /** Enter in a field adds what it holds rather than sending the whole form. */
  const onEnter = (action: () => void) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    action();
  };

  function remove(removed: string) {
    setDates(dates.filter((value) => value !== removed));
    setDateErrors(({ [removed]: _gone, ...rest }) => rest);
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setAlert(null);
    setDateErrors({});
    const parsed = duplicateSlotSchema.safeParse({ dates });
    if (!parsed.success) {
      setErrors({ dates: parsed.error.issues[0]?.message });
      return;
    }
    setErrors({});
    setPending(true);
    try {
      const data = await gqlRequest<{ duplicateSlot: { id: string; startsAt: string; timeZone: string }[] }>(
        DUPLICATE_SLOT,
        { id: slotId, dates: parsed.data.dates },
        'DuplicateSlot',
      );
      setCreated(data.duplicateSlot);
    } catch (error) {
      if (error instanceof GraphQLRequestError && Object.keys(error.fields).length > 0) {
        // The API names each refused date by its place in the list it was sent.
        const byDate: Record<string, string> = {};
        for (const [path, message] of Object.entries(error.fields)) {
          const refused = parsed.data.dates[Number(path.split('.')[1])];
          if (refused) byDate[refused] = message;
        }
        setDateErrors(byDate);
        setAlert(
          Object.keys(byDate).length > 0
            ? 'Certaines dates ne conviennent pas : retirez-les de la liste ou changez-les.'
            : retryMessage(error),
        );
      } else {
        setAlert(error instanceof GraphQLRequestError ? retryMessage(error) : MESSAGES.genericError);
      }
    } finally {
      setPending(false);
    }
  }

  const zone = holidayZoneOf(departmentCode);
  const countLabel = (n: number) => (n > 1 ? `${n} dates` : '1 date');

  return (
    <>
      <Button size="m" color="purple" variant="outline" onClick={() => setOpen(true)}>
        Dupliquer<span className="sr-only"> le créneau du {when}</span>
      </Button>
      <Dialog
        open={open}
        onClose={close}
        title={created ? 'Créneau dupliqué' : 'Dupliquer ce créneau'}
        actions={
          created ? (
            <Button onClick={close}>Fermer</Button>
          ) : (
            <>
              <Button variant="outline" color="black" onClick={close} disabled={pending}>
                Annuler
              </Button>
              <Button type="submit" form={formId} loading={pending}>
                {dates.length > 0 ? `Dupliquer sur ${countLabel(dates.length)}` : 'Dupliquer'}
              </Button>
            </>
          )
        }
      >
        {created ? (
          <div className="flex flex-col gap-3">
            <p ref={result} tabIndex={-1} className="font-semibold">
              {created.length > 1 ? `${created.length} créneaux ont été créés :` : 'Un créneau a été créé :'}
            </p>
            <ul className="list-disc pl-6">
              {created.map((slot) => (
                <li key={slot.id}>{formatSlotStart(slot.startsAt, slot.timeZone)}</li>
              ))}
            </ul>
            <p>
              {created.length > 1
                ? 'Ils sont libres : les enseignants peuvent déjà les réserver.'
                : 'Il est libre : les enseignants peuvent déjà le réserver.'}
            </p>
          </div>
        ) : (
          <form id={formId} method="post" noValidate onSubmit={submit} className="flex flex-col gap-5">
            <p>
              Le créneau du {when} est copié, à la même heure et avec les mêmes informations, sur les dates
              choisies.
            </p>
            <FormAlert message={alert} />
            <div className="flex flex-col gap-2">
              <TextField
                label="Ajouter une date"
                type="date"
                name="date"
                min={today}
                value={newDate}
                error={errors.newDate}
                onChange={(event) => setNewDate(event.currentTarget.value)}
                onKeyDown={onEnter(addDate)}
              />
              <div>
                <Button size="m" variant="secondary" onClick={addDate}>
                  Ajouter cette date
                </Button>
              </div>
            </div>
            <div className="flex flex-col gap-2">
              <NumberField
                label="Chaque semaine pendant"
                name="weeks"
                min={1}
                max={MAX_DUPLICATE_DATES}
                hint={`Nombre de semaines après le ${formatCalendarDate(date)}, ${MAX_DUPLICATE_DATES} au maximum.`}
                value={weeks}
                error={errors.weeks}
                onChange={(event) => setWeeks(event.currentTarget.value)}
                onKeyDown={onEnter(addWeeks)}
                inputClassName="max-w-32"
              />
              <CheckboxField
                name="sauter-vacances"
                label={`Sauter les vacances scolaires${zone ? ` (${holidayZoneLabel(zone)})` : ''} et les jours fériés`}
                checked={skipsHolidays}
                onChange={setSkipsHolidays}
              />
              <div>
                <Button size="m" variant="secondary" onClick={addWeeks}>
                  Ajouter ces semaines
                </Button>
              </div>
              <p role="status" className="text-sm" data-testid="skipped-dates">
                {skipped &&
                  `${skippedDatesLabel(skipped.length)}${skipped.length > 0 ? ` (vacances scolaires ou jours fériés) : ${skipped.map(formatCalendarDate).join(', ')}` : ''}.`}
              </p>
            </div>
            <div className="flex flex-col gap-2">
              <h3 id={listId} className="font-semibold">
                Dates choisies ({dates.length})
              </h3>
              {dates.length === 0 ? (
                <p className="text-grey-text">Aucune date pour l’instant.</p>
              ) : (
                <ul aria-labelledby={listId} className="flex flex-col gap-1">
                  {dates.map((value) => (
                    <li key={value} className="flex flex-col">
                      <span className="flex items-center justify-between gap-3">
                        <span>{formatCalendarDate(value)}</span>
                        <Button size="m" variant="plain" color="error" onClick={() => remove(value)}>
                          Retirer<span className="sr-only"> le {formatCalendarDate(value)}</span>
                        </Button>
                      </span>
                      {dateErrors[value] && (
                        <span className="text-sm font-medium text-error-text">{dateErrors[value]}</span>
                      )}
                    </li>
                  ))}
                </ul>
              )}
              {errors.dates && (
                <p role="alert" className="text-sm font-medium text-error-text">
                  {errors.dates}
                </p>
              )}
            </div>
          </form>
        )}
      </Dialog>
    </>
  );
}
