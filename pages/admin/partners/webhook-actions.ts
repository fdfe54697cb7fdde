import type { PageContextServer } from 'vike/types';
import { redeliverWebhook } from '../../../server/webhooks/index.ts';
import type { AdminAction } from '../admin-post.ts';

/** The query the page reads after « Renvoyer »: the delivery sent again, for its notice. */
export const REDELIVERED_PARAM = 'renvoye';

/**
 * « Renvoyer » of a key's webhook delivery on `/admin/partners` (docs/decisions/0097), for that page's
 * `adminPost`: the API's use case (a national administrator's, audited), then the page again, saying which.
 * A delivery gone meanwhile (pruned, its endpoint deleted) is the page's 404, as on GET.
 */
export function webhookActions(pageContext: PageContextServer): Record<string, AdminAction> {
  const { viewer, deps, urlParsed } = pageContext;
  return {
    redeliver: {
      async run(post) {
        const deliveryId = post.fields.id ?? '';
        await redeliverWebhook({ partner: null, viewer }, { deliveryId }, deps);
        return `${urlParsed.pathname}?${REDELIVERED_PARAM}=${encodeURIComponent(deliveryId)}`;
      },
    },
  };
}
