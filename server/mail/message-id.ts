/** The domain of the e-mails' Message-IDs: the sender's (MAIL_FROM), else the platform's host (PUBLIC_URL). */
export function mailDomain(mailFrom: string, publicUrl: string): string {
  const address = /<([^<>]+)>\s*$/.exec(mailFrom)?.[1] ?? mailFrom;
  const domain = address.split('@')[1]?.trim().toLowerCase();
  return domain && /^[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(domain) ? domain : new URL(publicUrl).hostname;
}

/**
 * An outbox row's Message-ID, made of the row alone (its id and creation instant): every attempt at the
 * row carries the same one, so a receiver can drop the copy a crash between a send and its record sent
 * twice. The instant keeps two databases' rows of one id apart (a reset demo, a staging copy).
 */
export function messageIdOf(row: { id: number; createdAt: Date }, domain: string): string {
  return `<outbox-${row.id}.${row.createdAt.getTime().toString(36)}@${domain}>`;
}
