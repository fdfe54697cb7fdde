import type { PageContextServer } from 'vike/types';
import { PARTNER_SCOPES, type PartnerScope } from '../../../common/partners.ts';
import { regionChoices } from '../../../server/admin/index.ts';
import { idInput, parseInput } from '../../../server/kernel/validation.ts';
import {
  createPartnerKey,
  partnerKeyInputSchema,
  partnerKeysFor,
  revokePartnerKey,
} from '../../../server/partners/index.ts';
import { webhookEndpointsOfKey } from '../../../server/webhooks/index.ts';
import { allowedOf, type FormPost, formPostOf, refusalOf } from '../../layout/form-post.ts';
import { adminPost } from '../admin-post.ts';
import { idOf, NOTICE_ID, pageOf } from '../page-input.ts';
import { REDELIVERED_PARAM, webhookActions } from './webhook-actions.ts';

/** The intents of the page's plain forms. */
export const PARTNER_INTENTS = { create: 'create', revoke: 'revoke' } as const;

/** The key's input as the form posts it: a box per scope, a box per region (none ticked: every region). */
const keyInputOf = (post: FormPost) => ({
  name: post.fields.name,
  contactEmail: post.fields.contactEmail,
  scopes: post.lists.scopes ?? [],
  regionCodes: post.lists.regionCodes ?? [],
});

/**
 * The partner keys (issue 37), national administrators only: anyone else, visitors included, gets a 404.
 * Creating is a plain post answered with the page itself showing the secret, this once: a redirect would have
 * to carry it in its address, or keep it somewhere. Revoking asks first (a dialog with JavaScript, the page's
 * own step without), then says it is done (`?revoquee=`).
 */
export async function data(pageContext: PageContextServer) {
  const { viewer, deps, urlParsed } = pageContext;
  const listed = await pageOf(() => partnerKeysFor(viewer, deps));
  const post = await formPostOf(pageContext);
  let created: { name: string; secret: string } | null = null;
  let creation: {
    values: Record<string, string>;
    scopes: PartnerScope[];
    regionCodes: string[];
    errors: Record<string, string>;
    alert: string | null;
  } | null = null;
  if (post?.intent === PARTNER_INTENTS.create) {
    const refusal = await refusalOf(post, async () => {
      const input = parseInput(partnerKeyInputSchema, keyInputOf(post));
      const { key, secret } = await createPartnerKey(viewer, input, deps);
      created = { name: key.name, secret };
    });
    if (refusal) {
      const { values, errors, alert } = refusal;
      const { scopes, regionCodes } = keyInputOf(post);
      creation = { values, scopes: allowedOf(PARTNER_SCOPES, scopes), regionCodes, errors, alert };
    }
  }
  const plain = await adminPost(pageContext, {
    [PARTNER_INTENTS.revoke]: {
      asks: () => true,
      async run(post) {
        const { id } = await revokePartnerKey(viewer, parseInput(idInput, post.fields), deps);
        return `${urlParsed.pathname}?revoquee=${id}#${NOTICE_ID}`;
      },
    },
    ...webhookActions(pageContext),
  });
  // A post may have made or revoked one: read again then; a GET shows what was read above.
  const keys = await Promise.all(
    (post ? await partnerKeysFor(viewer, deps) : listed).map(async (key) => ({
      ...key,
      endpoints: await webhookEndpointsOfKey(viewer, { partnerKeyId: key.id, last: 10 }, deps),
    })),
  );
  const revoked = keys.find((key) => key.id === idOf(urlParsed.search.revoquee));
  return {
    keys,
    regions: regionChoices(),
    created: created as { name: string; secret: string } | null,
    creation,
    /** The key whose revocation is asked without JavaScript: its confirmation step. */
    confirming: plain?.intent === PARTNER_INTENTS.revoke ? plain : null,
    revokedName: revoked?.name ?? null,
    /** The webhook delivery sent again (« Renvoyer »), for its notice. */
    redelivered: typeof urlParsed.search[REDELIVERED_PARAM] === 'string',
  };
}

export type Data = Awaited<ReturnType<typeof data>>;
