import type { DocumentNode, GraphQLSchema, OperationDefinitionNode } from 'graphql';
import type { Context } from 'hono';
import { REGIONS } from '../../db/reference/departments.ts';
import type { AppEnv, Deps } from '../kernel/context.ts';
import { RATE_LIMITS } from '../kernel/rate-limits.ts';
import { partnerRefusal } from './access.ts';

/*
 * The partner API (issue 37; docs/decisions/0096): keys made and revoked by the national administrators, the
 * middleware that knows a key's partner and counts its requests, what a key may ask of /graphql, and what it
 * reads. The webhooks a key registers are server/webhooks/.
 */
export { PARTNER_FIELDS, PARTNER_MUTATIONS, PARTNER_QUERIES } from './access.ts';
export {
  createPartnerKey,
  LAST_USE_PRECISION_MS,
  type PartnerKeyInput,
  type PartnerKeyView,
  partnerKeyInputSchema,
  partnerKeysFor,
  revokePartnerKey,
} from './keys.ts';
export { partnerMiddleware } from './middleware.ts';

/** /graphql's admission (server/graphql/handler.ts): a partner key's operation, refused if it reaches too far. */
export function partnerAdmission(schema: GraphQLSchema) {
  return (c: Context<AppEnv>, document: DocumentNode, operation: OperationDefinitionNode) =>
    c.var.partner ? partnerRefusal(schema, c.var.partner, document, operation) : null;
}

/** What the public developers' page (/developpeurs) says of this platform: where to write, where to call. */
export function developerFacts(deps: Pick<Deps, 'config'>) {
  return {
    contactEmail: deps.config.CONTACT_EMAIL,
    graphqlUrl: `${deps.config.PUBLIC_URL}/graphql`,
    requestsPerMinute: RATE_LIMITS.partnerKey.limit,
    regions: Object.entries(REGIONS)
      .map(([code, name]) => ({ code, name }))
      .sort((a, b) => a.code.localeCompare(b.code)),
  };
}
