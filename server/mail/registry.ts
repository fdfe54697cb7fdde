import type { OutgoingMail } from './outbox.ts';
import { type RenderedMail, renderContent } from './render.ts';
import type { MailTemplate } from './templates.ts';

/** Every template by its name: how an e-mail kept in the outbox, which names its template, finds it again. */
export type MailRegistry = ReadonlyMap<string, MailTemplate>;

/** The registry of these groups of templates; two templates of one name are a mistake, found at start. */
export function mailRegistry(...groups: Readonly<Record<string, MailTemplate>>[]): MailRegistry {
  const registry = new Map<string, MailTemplate>();
  for (const group of groups) {
    for (const template of Object.values(group)) {
      if (registry.has(template.name)) throw new Error(`two mail templates named ${template.name}`);
      registry.set(template.name, template);
    }
  }
  return registry;
}

/** Turns an e-mail of the outbox into its subject, HTML and text. */
export type MailRenderer = (mail: OutgoingMail) => RenderedMail;

/** Renders with the registry's templates; throws on a template it does not know, or an e-mail without data. */
export function mailRenderer(registry: MailRegistry): MailRenderer {
  return (mail) => {
    const template = registry.get(mail.template);
    if (!template) throw new Error(`unknown mail template: ${mail.template}`);
    if (typeof mail.data !== 'object' || mail.data === null) throw new Error(`no data for ${mail.template}`);
    return renderContent(template.compose(mail.data as never));
  };
}
