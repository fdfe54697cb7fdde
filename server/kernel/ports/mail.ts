/** A file sent with an e-mail, such as the `.ics` invitation of a meeting. */
export interface MailAttachment {
  filename: string;
  content: string;
  contentType: string;
}

/** An e-mail ready to leave: rendered, addressed, with its attachments. */
export interface MailMessage {
  /**
   * `<…@domain>`, the same for every attempt at one e-mail (server/mail/message-id.ts): a receiver drops a
   * copy sent twice. The transport sends it as the Message-ID header.
   */
  messageId: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** Further headers of this e-mail (a bulk e-mail's List-Unsubscribe…); every transport sends them. */
  headers?: Readonly<Record<string, string>>;
}

/** Hands a message to whatever carries e-mail (SMTP, an HTTP mail API, memory in tests). */
export interface MailTransport {
  send(message: MailMessage): Promise<void>;
  /**
   * Whether it answers now (connects and greets, or the API accepts the key): throws when it does not.
   * Every adapter has it; a test's stand-in may not.
   */
  check?(): Promise<void>;
}
