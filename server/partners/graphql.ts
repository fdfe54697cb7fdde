import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import { createPartnerKey, partnerKeyInputSchema, partnerKeysFor, revokePartnerKey } from './keys.ts';
import {
  partnerCompanies,
  partnerCompaniesSchema,
  partnerSlots,
  partnerSlotsSchema,
  partnerStatistics,
  partnerStatisticsSchema,
} from './reads.ts';

/**
 * The partner API (API.md, Fourth wave, « Partners »): the keys, for the national administrators (anyone else:
 * NOT_FOUND), and what a key reads. What a key may call at all is access.ts, before anything runs.
 */
export const partnersModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum PartnerScope { slots_read companies_read statistics_read webhooks }
    "A partner's key to the API; its secret is never shown again after its creation."
    type PartnerKey {
      id: ID!
      name: String!
      contactEmail: String!
      scopes: [PartnerScope!]!
      "Empty: every region."
      regionCodes: [String!]!
      createdAt: DateTime!
      "Known to the minute."
      lastUsedAt: DateTime
      revokedAt: DateTime
    }
    "A new key and its secret (pk_…), this once: only its hash is kept."
    type CreatedPartnerKey {
      key: PartnerKey!
      secret: String!
    }
    input PartnerKeyInput {
      name: String!
      contactEmail: String!
      scopes: [PartnerScope!]!
      "Regions' codes (01–18); none: every region."
      regionCodes: [String!]
    }
    type SlotPage {
      total: Int!
      items: [Slot!]!
    }
    extend type Query {
      "National administrators: every partner key, the latest first."
      partnerKeys: [PartnerKey!]!
      "A partner key with slots_read: the open slots of its regions (or of the region or department asked), soonest first, from now or from \`from\`."
      partnerSlots(regionCode: String, departmentCode: String, from: DateTime, to: DateTime, page: Int = 1, pageSize: Int = 50): SlotPage!
      "A partner key with companies_read: the validated companies of its regions (or of the region or department asked), by name."
      partnerCompanies(regionCode: String, departmentCode: String, page: Int = 1, pageSize: Int = 50): CompanyPage!
      "A partner key with statistics_read: the programme's numbers for its regions (or the region or department asked); by default this month and the eleven before."
      partnerStatistics(from: DateTime, to: DateTime, regionCode: String, departmentCode: String): Statistics!
    }
    extend type Mutation {
      "National administrators: a new key; its secret is in the answer and nowhere else."
      createPartnerKey(input: PartnerKeyInput!): CreatedPartnerKey!
      "National administrators: the key is refused from its next request on."
      revokePartnerKey(id: ID!): PartnerKey!
    }
  `,
  resolvers: {
    Query: {
      partnerKeys: (_root, _args, c) => partnerKeysFor(c.var.viewer, c.var.deps),
      partnerSlots: (_root, args, c) =>
        partnerSlots(
          { partner: c.var.partner, viewer: c.var.viewer },
          parseInput(partnerSlotsSchema, args),
          c.var.deps,
        ),
      partnerCompanies: (_root, args, c) =>
        partnerCompanies(
          { partner: c.var.partner, viewer: c.var.viewer },
          parseInput(partnerCompaniesSchema, args),
          c.var.deps,
        ),
      partnerStatistics: (_root, args, c) =>
        partnerStatistics(
          { partner: c.var.partner, viewer: c.var.viewer },
          parseInput(partnerStatisticsSchema, args),
          c.var.deps,
        ),
    },
    Mutation: {
      createPartnerKey: (_root, args, c) =>
        createPartnerKey(c.var.viewer, parseInput(partnerKeyInputSchema, args.input), c.var.deps),
      revokePartnerKey: (_root, args, c) =>
        revokePartnerKey(c.var.viewer, parseInput(idInput, args), c.var.deps),
    },
  },
};
