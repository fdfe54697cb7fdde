/**
 * Dates and times as the product shows them (PRODUCT.md, Time): in the slot's zone, in French, with the
 * zone named when it is not mainland France's, the zone of most users.
 */
import { AVAILABLE_SLOTS_WINDOW_DAYS } from './constants.ts';

export const MAINLAND_TIME_ZONE = 'Europe/Paris';

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(key: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let found = formatters.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat('fr-FR', options);
    formatters.set(key, found);
  }
  return found;
}

const toDate = (instant: Date | string) => (typeof instant === 'string' ? new Date(instant) : instant);

/**
 * The date as `intl` writes it, with the first of the month written « 1er », as French does (« mardi 1er
 * décembre », « 1er déc. »), which Intl does not.
 */
function frenchText(intl: Intl.DateTimeFormat, date: Date | number): string {
  return intl
    .formatToParts(date)
    .map((part) => (part.type === 'day' && part.value === '1' ? '1er' : part.value))
    .join('');
}

/** A French date format of Intl's options, the first of the month written « 1er »: every date shown goes through one. */
export function frenchDateFormat(options: Intl.DateTimeFormatOptions): {
  format(date: Date | number): string;
} {
  const intl = new Intl.DateTimeFormat('fr-FR', options);
  return { format: (date) => frenchText(intl, date) };
}

/** "heure de La Réunion" outside mainland France; null in it. */
export function zoneName(instant: Date | string, timeZone: string): string | null {
  if (timeZone === MAINLAND_TIME_ZONE) return null;
  return (
    formatter(`zone:${timeZone}`, { timeZone, timeZoneName: 'longGeneric' })
      .formatToParts(toDate(instant))
      .find((part) => part.type === 'timeZoneName')?.value ?? timeZone
  );
}

/** "mardi 14 avril 2026 à 09:00", plus " (heure de La Réunion)" outside mainland France. */
export function formatSlotStart(instant: Date | string, timeZone: string): string {
  const wallClock = frenchText(
    formatter(`full:${timeZone}`, { dateStyle: 'full', timeStyle: 'short', timeZone }),
    toDate(instant),
  );
  const zone = zoneName(instant, timeZone);
  return zone ? `${wallClock} (${zone})` : wallClock;
}

/** A date chip's two lines, in the zone: { day: "mar. 14 avr.", time: "09:00" }. */
export function formatSlotChip(instant: Date | string, timeZone: string): { day: string; time: string } {
  const date = toDate(instant);
  return {
    day: frenchText(
      formatter(`chip:${timeZone}`, { weekday: 'short', day: 'numeric', month: 'short', timeZone }),
      date,
    ),
    time: formatter(`time:${timeZone}`, { timeStyle: 'short', timeZone }).format(date),
  };
}

/** "mardi 14 avril 2026" in the zone. */
export function formatSlotDate(instant: Date | string, timeZone: string): string {
  return frenchText(formatter(`date:${timeZone}`, { dateStyle: 'full', timeZone }), toDate(instant));
}

/** "14 avril" in the zone: a date close enough to need no weekday or year (a suggestion's next slot). */
export function formatDayMonth(instant: Date | number, timeZone: string): string {
  return frenchText(formatter(`day-month:${timeZone}`, { day: 'numeric', month: 'long', timeZone }), instant);
}

/** "09:50" in the zone: an instant of the day everyone already knows (a class waiting, a hand raised). */
export function formatSlotTime(instant: Date | string, timeZone: string): string {
  return formatter(`time:${timeZone}`, { timeStyle: 'short', timeZone }).format(toDate(instant));
}

/** "09:00 – 10:30" in the zone, plus the zone's name outside mainland France. */
export function formatSlotHours(startsAt: Date | string, endsAt: Date | string, timeZone: string): string {
  const time = formatter(`time:${timeZone}`, { timeStyle: 'short', timeZone });
  const hours = `${time.format(toDate(startsAt))} – ${time.format(toDate(endsAt))}`;
  const zone = zoneName(startsAt, timeZone);
  return zone ? `${hours} (${zone})` : hours;
}

/** A day as a number of calendar days from today: « aujourd’hui », « demain », « dans 3 jours ». */
export function relativeDay(days: number): string {
  if (days <= 0) return 'aujourd’hui';
  return days === 1 ? 'demain' : `dans ${days} jours`;
}

/** "1 h 30", "45 min". */
export function formatDuration(minutes: number): string {
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  if (hours === 0) return `${rest} min`;
  return rest === 0 ? `${hours} h` : `${hours} h ${String(rest).padStart(2, '0')}`;
}

/** "3 créneaux disponibles dans les 15 prochains jours" (the count visitors see, PRODUCT.md). */
export function availableSlotsLabel(count: number, days = AVAILABLE_SLOTS_WINDOW_DAYS): string {
  const window = `dans les ${days} prochains jours`;
  return `${plural(count, 'créneau disponible', 'créneaux disponibles', 'Aucun créneau disponible')} ${window}`;
}

const countFormat = new Intl.NumberFormat('fr-FR');
const rateFormat = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 1 });

/**
 * A count and its noun, as French says them — the one plural helper of the pages, the islands, the e-mails
 * and the documents: « 1 place », « 2 places », « 1 500 créneaux » (French takes the singular for 0 and 1);
 * `none`, when given, says zero instead (« aucun créneau »). `many` defaults to `one` with an s.
 */
export function plural(count: number, one: string, many = `${one}s`, none?: string): string {
  if (count === 0 && none !== undefined) return none;
  return `${formatCount(count)} ${agreeing(count, one, many)}`;
}

/**
 * What agrees with a count said before, by `plural`'s rule: « 1 place est réservée. Acceptez-la » /
 * « 8 places sont réservées. Acceptez-les ».
 */
export function agreeing(count: number, one: string, many = `${one}s`): string {
  return Math.abs(count) >= 2 ? many : one;
}

/**
 * A vowel's sound at a word's start: a vowel, an h before one (most are mute: « d’Hélène », « d’hydraulicien »,
 * « d’Hydro-Équipements »), a y before a consonant (« d’Yves », but « de Yoplait »).
 */
const VOWEL_START = /^(?:h?[aeiouàâäéèêëîïôöùûüœæ]|hy|y(?![aeiouàâäéèêëîïôöùûü]))/i;

/**
 * « de », « le », « la » or « que » before a word or a name, as French writes them — the one elision helper of
 * the e-mails, the pages and the documents: « de Forges », « d’Énergies Nouvelles », « l’inscription »,
 * « qu’Élodie ». A name that starts with the article « Le » or « Les » contracts with « de »: « du Mans »,
 * « des Ateliers Réunis ».
 */
export function elide(word: ElidedWord, next: string): string {
  return elision(word, next).join('');
}

type ElidedWord = 'de' | 'De' | 'le' | 'Le' | 'la' | 'La' | 'que' | 'Que';

/**
 * `elide` in two parts, for a name in its own element (a link): the word as it is written before the name,
 * with its space if it keeps one, and the name as it follows it. « Actualité d’<a>Aéro Occitanie</a> ».
 */
export function elision(word: ElidedWord, next: string): [string, string] {
  const capital = word.charAt(0) === word.charAt(0).toUpperCase();
  if (word.toLowerCase() === 'de') {
    const article = /^(Les?) (.+)$/.exec(next);
    if (article) return [`${capital ? 'D' : 'd'}${article[1] === 'Le' ? 'u' : 'es'} `, article[2] as string];
  }
  if (!VOWEL_START.test(next)) return [`${word} `, next];
  return [`${word.slice(0, word.toLowerCase() === 'que' ? 2 : 1)}’`, next];
}

/** "12 345", with the narrow no-break space French puts between thousands. */
export function formatCount(n: number): string {
  return countFormat.format(n);
}

/** A share from 0 to 1 as French writes a percentage: "12,5 %". */
export function formatRate(share: number): string {
  return rateFormat.format(share);
}

/** "janvier 2026", from "2026-01". */
export function formatMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return formatter('month', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 15)),
  );
}

/** "janv.", from "2026-01": a chart's axis. */
export function formatShortMonth(month: string): string {
  const [year, m] = month.split('-').map(Number) as [number, number];
  return formatter('shortMonth', { month: 'short', timeZone: 'UTC' }).format(
    new Date(Date.UTC(year, m - 1, 15)),
  );
}

/** "1er décembre 2025", the day an instant falls on in Europe/Paris. */
export function formatParisDay(instant: Date | number): string {
  return frenchText(formatter('parisDay', { dateStyle: 'long', timeZone: MAINLAND_TIME_ZONE }), instant);
}

/**
 * A French phone number as it is read aloud, in pairs: « 07 40 13 80 85 » (stored as typed, « 0740138085 »,
 * common/accounts.ts). Anything that is not ten digits once spaces and dots are removed is kept as it is.
 */
export function formatPhone(phone: string): string {
  const digits = phone.replace(/[\s.]/g, '');
  return /^0\d{9}$/.test(digits) ? digits.replace(/(\d{2})(?=\d)/g, '$1 ') : phone;
}
