import { redirect } from 'vike/abort';
import type { PageContextServer } from 'vike/types';
import type { PlainBlocks } from '../../islands/accounts/profile/useBlockForm.ts';
import { type FormPost, formPostOf, refusalOf } from './form-post.ts';

/** A block of a profile page posted without JavaScript: its input read from the post, then its use case. */
export interface BlockSave {
  input(post: FormPost): Record<string, unknown>;
  /** Parses the input with the API's own zod schema and calls the API's use case. */
  save(input: Record<string, unknown>): Promise<unknown>;
}

/** What a refused block shows again: never a password (nor a file, which a page cannot give back). */
const SECRET_FIELDS = ['currentPassword', 'newPassword'];

/**
 * The blocks of a profile page (« Mon profil », « Mon entreprise ») as plain HTML forms, each posting its id
 * as `intent`: saved through the API's use case, then the page again saying so (`?enregistre=<block>`,
 * post/redirect/get); refused, the block's values (no password) with every message at once.
 */
export async function plainBlocks(
  pageContext: PageContextServer,
  blocks: Record<string, BlockSave>,
): Promise<PlainBlocks> {
  const post = await formPostOf(pageContext);
  const block = post && Object.hasOwn(blocks, post.intent) ? blocks[post.intent] : undefined;
  if (!post || !block) {
    const saved = pageContext.urlParsed.search.enregistre ?? '';
    return { posted: null, saved: Object.hasOwn(blocks, saved) ? saved : null };
  }
  const input = block.input(post);
  const refusal = await refusalOf(post, () => block.save(input));
  if (!refusal) throw redirect(`${pageContext.urlParsed.pathname}?enregistre=${post.intent}#${post.intent}`);
  const values = Object.fromEntries(
    Object.entries(input).filter(
      ([name, value]) => !SECRET_FIELDS.includes(name) && !(value instanceof File),
    ),
  );
  return {
    posted: {
      block: post.intent,
      values,
      errors: refusal.errors,
      alert: refusal.alert,
      addresses: refusal.addresses,
    },
    saved: null,
  };
}
