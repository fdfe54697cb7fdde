import { type CSSProperties, createElement as h, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { MailAttachment } from '../kernel/ports/mail.ts';

export const PLATFORM_NAME = 'Passerelle Industrie';

export interface RenderedMail {
  subject: string;
  html: string;
  text: string;
  attachments?: MailAttachment[];
  /** A bulk e-mail's List-Unsubscribe and List-Unsubscribe-Post (RFC 8058). */
  headers?: Record<string, string>;
}

export interface MailLink {
  label: string;
  url: string;
}

/**
 * What an e-mail says, once: the HTML and the text versions are both drawn from it. A domain's templates
 * (its `mails.ts`) each turn their data into one.
 */
export interface MailContent {
  subject: string;
  heading: string;
  firstName: string;
  before: string[];
  /** Things listed after `before` (a weekly alert's slots): a title linking to its page, then its lines. */
  items?: { title: string; url: string; lines: string[] }[];
  action?: MailLink;
  /** Other choices beside the main action (a reminder's "Je ne peux plus venir"), as plain links. */
  links?: MailLink[];
  after?: string[];
  attachments?: MailAttachment[];
  /**
   * Makes it a bulk e-mail: the footer says why it was received and links to `url`, which confirms the
   * unsubscription in French on a GET and performs it on a POST (RFC 8058 one-click, the same URL).
   */
  unsubscribe?: { reason: string; url: string };
}

/** The subject, HTML and text of an e-mail, with its attachments and the headers of a bulk e-mail. */
export function renderContent(content: MailContent): RenderedMail {
  const rendered: RenderedMail = {
    subject: content.subject,
    html: renderHtml(content),
    text: renderText(content),
  };
  if (content.attachments) rendered.attachments = content.attachments;
  if (content.unsubscribe) {
    rendered.headers = {
      'List-Unsubscribe': `<${content.unsubscribe.url}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    };
  }
  return rendered;
}

const SIGNATURE = ['À bientôt,', `L’équipe ${PLATFORM_NAME}`];
const FOOTER_ABOUT = `${PLATFORM_NAME} ouvre les portes des entreprises industrielles aux enseignants et aux prescripteurs.`;
const FOOTER_WHY =
  'Cet e-mail vous a été envoyé automatiquement à la suite d’une démarche liée à votre compte.';
const UNSUBSCRIBE_LABEL = 'Se désabonner';

/** Whom the e-mail greets; an invitation knows no name yet. */
const greeting = (content: MailContent) => (content.firstName ? `Bonjour ${content.firstName},` : 'Bonjour,');

function renderText(content: MailContent): string {
  const link = ({ label, url }: MailLink) => `${label} :\n${url}`;
  const footer = content.unsubscribe
    ? [
        FOOTER_ABOUT,
        content.unsubscribe.reason,
        link({ label: UNSUBSCRIBE_LABEL, url: content.unsubscribe.url }),
      ]
    : [FOOTER_ABOUT, FOOTER_WHY];
  const blocks = [
    greeting(content),
    ...content.before,
    ...(content.items ?? []).map((item) => [`• ${item.title}`, ...item.lines, item.url].join('\n  ')),
    ...(content.action ? [link(content.action)] : []),
    ...(content.links ?? []).map(link),
    ...(content.after ?? []),
    SIGNATURE.join('\n'),
    `--\n${footer.join('\n')}`,
  ];
  return `${blocks.join('\n\n')}\n`;
}

function renderHtml(content: MailContent): string {
  return `<!DOCTYPE html>${renderToStaticMarkup(mailLayout(content))}`;
}

// Contrast (WCAG AA): body text #1f2937 on white 14.7:1, white on the button #1d4ed8 6.7:1,
// footer #4b5563 on #f3f4f6 6.9:1, white on the header #1e3a8a 10.4:1.
const COLORS = {
  page: '#f3f4f6',
  card: '#ffffff',
  text: '#1f2937',
  brand: '#1e3a8a',
  action: '#1d4ed8',
  muted: '#4b5563',
};
const FONT = 'Arial, Helvetica, sans-serif';
const PARAGRAPH: CSSProperties = { margin: '0 0 16px', fontSize: 16, lineHeight: '24px', color: COLORS.text };

/*
 * The layout is written with createElement rather than JSX: the scripts run by Node itself
 * (`npm run jobs`, `npm start`'s preparation) load this module, and Node's type stripping knows no JSX.
 */
const table = (style: CSSProperties, ...rows: ReactNode[]) =>
  h(
    'table',
    { role: 'presentation', width: '100%', cellPadding: 0, cellSpacing: 0, style },
    h('tbody', null, ...rows),
  );
const row = (style: CSSProperties, ...children: ReactNode[]) =>
  h('tr', null, h('td', { style }, ...children));

function mailLayout(content: MailContent) {
  return h(
    'html',
    { lang: 'fr' },
    h(
      'head',
      null,
      h('meta', { charSet: 'utf-8' }),
      h('meta', { name: 'viewport', content: 'width=device-width, initial-scale=1' }),
      h('meta', { name: 'color-scheme', content: 'light' }),
      h('title', null, content.subject),
    ),
    h(
      'body',
      { style: { margin: 0, padding: 0, backgroundColor: COLORS.page, fontFamily: FONT } },
      table(
        { backgroundColor: COLORS.page },
        h(
          'tr',
          null,
          h(
            'td',
            { align: 'center', style: { padding: '24px 12px' } },
            table(
              { maxWidth: 600, backgroundColor: COLORS.card, borderRadius: 8 },
              row(
                { padding: '20px 32px', backgroundColor: COLORS.brand, borderRadius: '8px 8px 0 0' },
                h(
                  'p',
                  { style: { margin: 0, fontSize: 20, fontWeight: 'bold', color: '#ffffff' } },
                  PLATFORM_NAME,
                ),
              ),
              row({ padding: '32px' }, ...mailBody(content)),
            ),
            mailFooter(content),
          ),
        ),
      ),
    ),
  );
}

function mailBody(content: MailContent): ReactNode[] {
  return [
    h(
      'h1',
      { key: 'heading', style: { margin: '0 0 24px', fontSize: 24, lineHeight: '32px', color: COLORS.text } },
      content.heading,
    ),
    h('p', { key: 'greeting', style: PARAGRAPH }, greeting(content)),
    ...paragraphs(content.before),
    ...(content.items?.length ? [itemList(content.items)] : []),
    ...(content.action ? actionButton(content.action) : []),
    ...(content.links ?? []).map((link) =>
      h(
        'p',
        { key: `link-${link.url}`, style: PARAGRAPH },
        h('a', { href: link.url, style: { color: COLORS.action, fontWeight: 'bold' } }, link.label),
      ),
    ),
    ...paragraphs(content.after ?? []),
    h(
      'p',
      { key: 'signature', style: { ...PARAGRAPH, margin: '24px 0 0' } },
      SIGNATURE[0],
      h('br'),
      SIGNATURE[1],
    ),
  ];
}

const paragraphs = (lines: string[]) => lines.map((line) => h('p', { key: line, style: PARAGRAPH }, line));

function actionButton({ label, url }: { label: string; url: string }): ReactNode[] {
  return [
    h(
      'table',
      { key: 'action', role: 'presentation', cellPadding: 0, cellSpacing: 0, style: { margin: '24px 0' } },
      h(
        'tbody',
        null,
        h(
          'tr',
          null,
          h(
            'td',
            { style: { borderRadius: 6, backgroundColor: COLORS.action } },
            h(
              'a',
              {
                href: url,
                style: {
                  display: 'inline-block',
                  padding: '12px 24px',
                  fontSize: 16,
                  fontWeight: 'bold',
                  color: '#ffffff',
                  textDecoration: 'none',
                  borderRadius: 6,
                },
              },
              label,
            ),
          ),
        ),
      ),
    ),
    h(
      'p',
      { key: 'action-link', style: { ...PARAGRAPH, fontSize: 14, lineHeight: '20px' } },
      'Si le bouton ne fonctionne pas, copiez ce lien dans votre navigateur : ',
      h('a', { href: url, style: { color: COLORS.action, wordBreak: 'break-all' } }, url),
    ),
  ];
}

function itemList(items: NonNullable<MailContent['items']>): ReactNode {
  return h(
    'ul',
    { key: 'items', style: { margin: '0 0 16px', padding: 0, listStyle: 'none' } },
    ...items.map((item) =>
      h(
        'li',
        {
          key: item.url,
          style: { margin: '0 0 12px', padding: '12px 16px', border: '1px solid #d1d5db', borderRadius: 6 },
        },
        h(
          'a',
          { href: item.url, style: { fontSize: 16, fontWeight: 'bold', color: COLORS.action } },
          item.title,
        ),
        ...item.lines.map((line) =>
          h(
            'p',
            { key: line, style: { ...PARAGRAPH, margin: '4px 0 0', fontSize: 14, lineHeight: '20px' } },
            line,
          ),
        ),
      ),
    ),
  );
}

function mailFooter(content: MailContent) {
  const line = (key: string, ...children: ReactNode[]) =>
    h('p', { key, style: { margin: '0 0 8px' } }, ...children);
  return table(
    { maxWidth: 600 },
    row(
      { padding: '16px 32px', fontSize: 13, lineHeight: '20px', color: COLORS.muted },
      line('about', FOOTER_ABOUT),
      content.unsubscribe
        ? line(
            'why',
            `${content.unsubscribe.reason} `,
            h('a', { href: content.unsubscribe.url, style: { color: COLORS.muted } }, UNSUBSCRIBE_LABEL),
          )
        : line('why', FOOTER_WHY),
    ),
  );
}
