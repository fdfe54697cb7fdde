import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { fieldErrors } from '../../common/accounts.ts';
import { PUBLIC_CATEGORY_LABELS, type PublicCategory } from '../../common/constants.ts';
import { MESSAGES } from '../../common/messages.ts';
import { joinWaitlistSchema, WAITLIST_MESSAGES } from '../../common/waitlist.ts';
import { FormAlert, retryMessage } from '../accounts/FormAlert.tsx';
import { GraphQLRequestError, gqlRequest } from '../graphql.ts';
import { AskPageForm } from '../ui/AskPageForm.tsx';
import { Button } from '../ui/Button.tsx';
import { ChoiceGroup } from '../ui/ChoiceGroup.tsx';
import { NumberField } from '../ui/NumberField.tsx';
import {
  OfferBooked,
  type OfferBookedData,
  type PostedOffer,
  WAITLIST_ACCEPT_INTENT,
  WAITLIST_DECLINE_INTENT,
  WAITLIST_LEAVE_INTENT,
  WaitlistEntryActions,
  type WaitlistEntryData,
} from './WaitlistEntryActions.tsx';

export {
  OfferBooked,
  type OfferBookedData,
  WAITLIST_ACCEPT_INTENT,
  WAITLIST_DECLINE_INTENT,
  WAITLIST_LEAVE_INTENT,
  type WaitlistEntryData,
};

/** The page's waitlist forms among its others. */
export const WAITLIST_JOIN_INTENT = 'joinWaitlist';
/** `?attente=<slot>`: the slot whose join form the page shows open. */
export const WAITLIST_OPEN = 'attente';
/** `?liste=`: what the page says was just done. */
export const WAITLIST_DONE = { joined: 'rejointe', left: 'quittee', declined: 'refusee' } as const;
/** `?reservee=<meeting>`: the offer just accepted became this booking. */
export const WAITLIST_BOOKED = 'reservee';

/** What a page knows of the waitlist's plain forms (pages/layout/waitlist-post.ts). */
export interface PlainWaitlist {
  /** The slot whose join form is open (asked, or refused). */
  slotId: number | null;
  /** Just done, said once: joined or left. */
  done: (typeof WAITLIST_DONE)[keyof typeof WAITLIST_DONE] | null;
  /** On the company page, the slot it was done on (`?creneau=`). */
  doneSlotId: number | null;
  posted: { values: Record<string, string>; errors: Record<string, string>; alert: string | null } | null;
  /** An offer's accept refused (the charter, or the offer gone), the entry and (company page) the slot it was about. */
  offer?: (PostedOffer & { entryId: number; slotId: number | null }) | null;
  /** An offer just accepted: the booking it became. */
  booked?: OfferBookedData | null;
}

/** The notice a page shows after a plain join or leave. */
export const waitlistNoticeOf = (done: PlainWaitlist['done']): string | null =>
  done === WAITLIST_DONE.joined
    ? WAITLIST_MESSAGES.joined
    : done === WAITLIST_DONE.left
      ? WAITLIST_MESSAGES.left
      : done === WAITLIST_DONE.declined
        ? WAITLIST_MESSAGES.declined
        : null;

/** The refused accept of this entry, if it was this one's. */
const offerPostedTo = (plain: PlainWaitlist | undefined, entryId: number): PostedOffer | null =>
  plain?.offer?.entryId === entryId ? plain.offer : null;

/** A refused accept whose entry the page no longer shows (the offer lapsed, or was taken back): its message. */
const offerGoneAlert = (plain: PlainWaitlist | undefined, entryIds: number[]): string | null =>
  plain?.offer && !entryIds.includes(plain.offer.entryId) ? plain.offer.alert : null;

const JOIN_WAITLIST = `mutation JoinWaitlist($slotId: ID!, $groupSize: Int!, $publicCategory: PublicCategory) {
  joinWaitlist(slotId: $slotId, groupSize: $groupSize, publicCategory: $publicCategory) { id position groupSize }
}`;

/**
 * A full slot's waitlist for a teacher (decision 0041): the join form (group size, and the group's public
 * when the slot has several), then where the teacher stands, with the way out; an offer in hand is accepted
 * (the charter ticked, as any booking) or declined.
 */
export function WaitlistPanel({
  slot,
  companyName,
  entry: initial,
  pageUrl,
  plain,
}: {
  slot: { id: number; maxParticipants: number; publicCategories: PublicCategory[]; when: string };
  companyName: string;
  entry: WaitlistEntryData | null;
  /** The company page's URL, where the forms post before or without JavaScript. */
  pageUrl?: string;
  /** This slot's part of the page's plain forms: asked open, refused, or just done. */
  plain?: PlainWaitlist;
}) {
  const formId = useId();
  const posted = plain?.posted ?? null;
  const sent = posted?.values ?? {};
  const [entry, setEntry] = useState(initial);
  const [open, setOpen] = useState(Boolean(plain?.slotId === slot.id));
  const [groupSize, setGroupSize] = useState(sent.groupSize ?? '');
  const [category, setCategory] = useState<PublicCategory | null>(
    slot.publicCategories.includes(sent.publicCategory as PublicCategory)
      ? (sent.publicCategory as PublicCategory)
      : slot.publicCategories.length === 1
        ? (slot.publicCategories[0] ?? null)
        : null,
  );
  const [errors, setErrors] = useState<Record<string, string>>(posted?.errors ?? {});
  const [alert, setAlert] = useState<string | null>(
    posted?.alert ?? offerGoneAlert(plain, initial ? [initial.id] : []),
  );
  const [pending, setPending] = useState(false);
  const [notice, setNotice] = useState<string | null>(waitlistNoticeOf(plain?.done ?? null));
  const formRef = useRef<HTMLFormElement>(null);
  const [refusals, setRefusals] = useState(0);

  useEffect(() => {
    if (refusals === 0) return;
    const invalid = formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    const target = invalid?.matches('input') ? invalid : invalid?.querySelector<HTMLElement>('input');
    target?.focus();
  }, [refusals]);

  function refuse(fields: Record<string, string>, message: string | null = null) {
    setErrors(fields);
    setAlert(message);
    setRefusals((n) => n + 1);
  }

  async function join(event: FormEvent) {
    event.preventDefault();
    const parsed = joinWaitlistSchema.safeParse({ groupSize, publicCategory: category });
    const invalid = parsed.success ? {} : fieldErrors(parsed.error);
    if (!invalid.groupSize && Number(groupSize) > slot.maxParticipants) {
      invalid.groupSize = WAITLIST_MESSAGES.groupAboveCapacity(slot.maxParticipants);
    }
    if (slot.publicCategories.length > 1 && !category) invalid.publicCategory = MESSAGES.required;
    if (!parsed.success || Object.keys(invalid).length > 0) return refuse(invalid);
    setErrors({});
    setAlert(null);
    setPending(true);
    try {
      const data = await gqlRequest<{ joinWaitlist: { id: string; position: number; groupSize: number } }>(
        JOIN_WAITLIST,
        { slotId: String(slot.id), groupSize: parsed.data.groupSize, publicCategory: category },
        'JoinWaitlist',
      );
      const joined = data.joinWaitlist;
      setEntry({
        id: Number(joined.id),
        status: 'waiting',
        position: joined.position,
        groupSize: joined.groupSize,
        expiresLabel: null,
      });
      setNotice(WAITLIST_MESSAGES.joined);
    } catch (error) {
      if (!(error instanceof GraphQLRequestError)) return refuse({}, MESSAGES.genericError);
      if (error.code === 'BAD_USER_INPUT' && Object.keys(error.fields).length > 0)
        return refuse(error.fields);
      return refuse({}, retryMessage(error));
    } finally {
      setPending(false);
    }
  }

  if (entry) {
    return (
      <div className="flex flex-col gap-3">
        {notice && (
          <p role="status" className="font-semibold">
            {notice}
          </p>
        )}
        <WaitlistEntryActions
          entry={entry}
          when={slot.when}
          companyName={companyName}
          pageUrl={pageUrl ? `${pageUrl}#creneau-${slot.id}` : undefined}
          slotId={slot.id}
          posted={offerPostedTo(plain, entry.id)}
          onLeft={(message) => {
            setEntry(null);
            setNotice(null);
            setOpen(false);
            setAlert(message);
          }}
        />
      </div>
    );
  }

  return (
    <div className="flex flex-col gap-4">
      <p className="font-semibold">Ce créneau est complet.</p>
      {(alert ?? notice) && !open && <p role="status">{alert ?? notice}</p>}
      <AskPageForm
        pageUrl={pageUrl}
        ask={[WAITLIST_OPEN, slot.id]}
        fragment={`creneau-${slot.id}`}
        onOpen={() => {
          setOpen(!open);
          setAlert(null);
        }}
      >
        <Button
          type="submit"
          aria-expanded={open}
          aria-controls={open ? formId : undefined}
          variant={open ? 'outline' : 'default'}
        >
          Rejoindre la liste d’attente
        </Button>
      </AskPageForm>
      {open && (
        <form
          id={formId}
          ref={formRef}
          method="post"
          action={pageUrl ? `${pageUrl}#creneau-${slot.id}` : undefined}
          noValidate
          onSubmit={join}
          aria-label={`Liste d’attente du créneau du ${slot.when} chez ${companyName}`}
          className="flex flex-col gap-5 rounded-xl border border-grey bg-grey-light p-4 sm:p-6"
        >
          <input type="hidden" name="intent" value={WAITLIST_JOIN_INTENT} />
          <input type="hidden" name="slotId" value={slot.id} />
          <p className="text-sm">
            Si des places se libèrent, elles sont proposées dans l’ordre d’inscription au premier groupe qui y
            tient, par e-mail et sur votre espace, pendant 24 heures.
          </p>
          <FormAlert message={alert} />
          <NumberField
            label="Taille du groupe"
            name="groupSize"
            required
            min={1}
            max={slot.maxParticipants}
            hint="Élèves et adultes accompagnateurs compris."
            value={groupSize}
            error={errors.groupSize}
            onChange={(event) => setGroupSize(event.currentTarget.value)}
          />
          {slot.publicCategories.length > 1 && (
            <ChoiceGroup
              legend="Public du groupe"
              name="publicCategory"
              required
              options={slot.publicCategories.map((value) => ({
                value,
                label: PUBLIC_CATEGORY_LABELS[value],
              }))}
              value={category}
              error={errors.publicCategory}
              onChange={(value: string) => setCategory(value as PublicCategory)}
            />
          )}
          <div>
            <Button type="submit" loading={pending}>
              M’inscrire sur la liste d’attente
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}

/** One line of the teacher's waitlist section, as the page gives it. */
export interface WaitlistItem extends WaitlistEntryData {
  companyName: string;
  companyUrl: string;
  /** "mardi 24 novembre 2026, 09:00 – 10:30", in the slot's zone. */
  when: string;
}

/** The teacher's waitlists (meetings page): each with its position or its offer, and the way out. */
export function WaitlistSection({
  items: initial,
  pageUrl,
  plain,
}: {
  items: WaitlistItem[];
  /** The meetings page's URL, where « Quitter la liste d’attente » posts before or without JavaScript. */
  pageUrl?: string;
  /** A leave or an offer's answer just done, or refused, as a plain form. */
  plain?: PlainWaitlist;
}) {
  const [items, setItems] = useState(initial);
  const [notice, setNotice] = useState<string | null>(
    plain?.posted?.alert ??
      offerGoneAlert(
        plain,
        initial.map((item) => item.id),
      ) ??
      waitlistNoticeOf(plain?.done ?? null),
  );
  return (
    <div className="flex flex-col gap-4">
      <p role="status" className={notice ? 'font-semibold' : 'sr-only'}>
        {notice}
      </p>
      {plain?.booked && <OfferBooked booked={plain.booked} />}
      {items.length === 0 ? (
        <p>Vous n’êtes sur aucune liste d’attente.</p>
      ) : (
        <ul className="grid gap-4 xl:grid-cols-2">
          {items.map((item) => (
            <li key={item.id} className="flex flex-col gap-3 rounded-xl border border-grey bg-white p-4">
              <h3 className="text-lg font-bold">
                <a className="link" href={item.companyUrl}>
                  {item.companyName}
                </a>
                <br />
                <span className="font-semibold">{item.when}</span>
              </h3>
              <WaitlistEntryActions
                entry={item}
                when={item.when}
                companyName={item.companyName}
                pageUrl={pageUrl}
                posted={offerPostedTo(plain, item.id)}
                onLeft={(message) => {
                  setItems((current) => current.filter((other) => other.id !== item.id));
                  setNotice(message);
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
