import { plural } from '../../common/format.ts';
import type { MailContent } from './render.ts';

/**
 * One e-mail the platform sends: its name, which the outbox row keeps, and what its data makes it say. A
 * domain defines its templates beside the use cases that send them (its `mails.ts`); they are written to
 * the outbox through the template itself (enqueueMail), so the data is checked against it. Without type
 * arguments, any template (as the registry holds them).
 */
export interface MailTemplate<Name extends string = string, Data = never> {
  readonly name: Name;
  readonly compose: (data: Data) => MailContent;
}

/** The data a template's e-mails carry. */
export type MailData<Template> = Template extends MailTemplate<string, infer Data> ? Data : never;

type Composer = (data: never) => MailContent;

/** A domain's templates: each key of its composers, a template of that name composing its e-mail. */
type TemplatesOf<Composers extends Record<string, Composer>> = {
  readonly [Name in keyof Composers & string]: MailTemplate<Name, Parameters<Composers[Name]>[0]>;
};

/**
 * `defineMailTemplates({ meetingBooked: (data: MeetingBookedMail) => ({ … }) })` gives
 * `{ meetingBooked: { name: 'meetingBooked', compose } }`, typed by its data. The key is the name stored in
 * the outbox: renaming one leaves the rows already written unrendered.
 */
export function defineMailTemplates<Composers extends Record<string, Composer>>(
  composers: Composers,
): TemplatesOf<Composers> {
  const templates = Object.entries(composers).map(([name, compose]) => [name, { name, compose }]);
  return Object.fromEntries(templates) as TemplatesOf<Composers>;
}

/** « 30 minutes », « 2 heures ». */
export function formatDuration(minutes: number): string {
  if (minutes >= 60 && minutes % 60 === 0) return plural(minutes / 60, 'heure');
  return plural(minutes, 'minute');
}

/** « 1 participant », « 12 participants »: the one French plural (common/format.ts). */
export { plural };
