import type { DbOrTx } from '../../db/client.ts';
import { recordOutbox } from '../events/index.ts';
import type { MailTemplate } from './templates.ts';

/**
 * An e-mail as the outbox keeps it (the row's payload): its template by name and its data as JSON. Rows
 * written by an earlier version render as long as a template of that name takes that data.
 */
export interface OutgoingMail {
  template: string;
  to: string;
  data: unknown;
}

/** One e-mail of a template: to whom, with the data its template takes. */
export interface AddressedMail<Data> {
  to: string;
  data: Data;
}

export const MAIL_TOPIC = 'mail';
/** The handler of every e-mail row: the transport's sender (delivery.ts). */
export const MAIL_SENDER = 'mail.send';

const outgoing = <Data>(template: MailTemplate<string, Data>, mail: AddressedMail<Data>): OutgoingMail => ({
  template: template.name,
  to: mail.to,
  data: mail.data,
});

/**
 * Records an e-mail in the outbox. Call it with the transaction that makes the change the e-mail reports:
 * both are written, or neither. Delivery happens afterwards, with retries.
 */
export async function enqueueMail<Data>(
  db: DbOrTx,
  template: MailTemplate<string, Data>,
  mail: AddressedMail<NoInfer<Data>>,
  now: Date,
): Promise<void> {
  await enqueueMails(db, template, [mail], now);
}

/** Records many e-mails of one template in one statement (a bulk job's batch), in the caller's transaction. */
export async function enqueueMails<Data>(
  db: DbOrTx,
  template: MailTemplate<string, Data>,
  mails: readonly AddressedMail<NoInfer<Data>>[],
  now: Date,
): Promise<void> {
  await recordOutbox(
    db,
    MAIL_TOPIC,
    [MAIL_SENDER],
    mails.map((mail) => outgoing(template, mail)),
    now,
  );
}
