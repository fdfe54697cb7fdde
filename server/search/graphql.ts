import { z } from 'zod';
import { AVAILABLE_SLOTS_WINDOW_DAYS } from '../../common/constants.ts';
import { pictureUrl } from '../../common/pictures.ts';
import { searchInputSchema } from '../../common/search.ts';
import { type CompanyRow, companyFor } from '../companies/index.ts';
import type { GqlContext } from '../kernel/context.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import { canSeeSlotDates } from '../permissions.ts';
import { availableSlotsCountOfCompany } from '../slots/index.ts';
import { searchCompaniesFor, suggestedCompaniesFor } from './discovery.ts';
import {
  addFavorite,
  companyIdSchema,
  myFavorites,
  myStarredCompanyIds,
  removeFavorite,
} from './favorites.ts';
import type { CompanyMarker, FoundCompany } from './search.ts';
import type { SuggestedCompany } from './suggestions.ts';

const limitSchema = z.object({ limit: z.number().int().min(1).max(24) });
const daysSchema = z.object({ days: z.number().int().min(1).max(365) });

/** The teacher's starred companies, read once per request whatever the number of companies shown. */
const starred = new WeakMap<GqlContext, Promise<Set<number>>>();
function isStarred(c: GqlContext, companyId: number): Promise<boolean> {
  if (c.var.viewer?.kind !== 'teacher') return Promise.resolve(false);
  let ids = starred.get(c);
  if (!ids) {
    ids = myStarredCompanyIds(c.var.viewer, c.var.deps).then((list) => new Set(list));
    starred.set(c, ids);
  }
  return ids.then((set) => set.has(companyId));
}

export const searchModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum CompanySort { distance nextSlot name }
    type CompanyMarker {
      id: ID!
      name: String!
      lat: Float!
      lng: Float!
      availableSlotsCount: Int!
      sector: Sector!
      "Its picture in a web size, null until it sets one."
      pictureUrl: String
    }
    type CompanySearchResult {
      total: Int!
      page: Int!
      pageSize: Int!
      items: [Company!]!
      "Every match, unpaginated, for the map."
      markers: [CompanyMarker!]!
      "When leaving out the school holidays leaves no company: how many the search finds with them. 0 otherwise."
      hiddenByHolidays: Int!
    }
    input GeoPointInput {
      lat: Float!
      lng: Float!
    }
    "withAvailableSlots: at least one slot with seats left, starting in [from, to] (default: from now on)."
    input CompanySearchInput {
      text: String
      near: GeoPointInput
      radiusKm: Float = 30
      sectors: [Sector!]
      meetingTypes: [MeetingType!]
      publicCategories: [PublicCategory!]
      subjects: [SlotSubject!]
      from: DateTime
      to: DateTime
      withAvailableSlots: Boolean = false
      "Leave out slots in the school holidays of the teacher's zone (their reference address's department). Default: on for school teachers, off for prescribers and visitors."
      excludeHolidays: Boolean
      "distance needs near; without it, nextSlot."
      sort: CompanySort
      page: Int = 1
      pageSize: Int = 10
    }
    extend type Company {
      "Public: slots with seats left starting within \`days\`."
      availableSlotsCount(days: Int = ${AVAILABLE_SLOTS_WINDOW_DAYS}): Int!
      "False for anyone but a teacher."
      isFavorite: Boolean!
      "Set in search results and suggestions when a place is known."
      distanceKm: Float
      "Set in search results: the start of the next slot with seats left; null for whoever may not see dates (datesVisible)."
      nextSlotAt: DateTime
      "Whether the caller may see this company's slots' dates: teachers for a validated company, its own recruiters, its operators. Visitors and other companies see counts only."
      datesVisible: Boolean!
      "Set in suggestions: why this company is suggested."
      suggestionReasons: [String!]
    }
    extend type Query {
      "Public: visitors see companies and counts, never dates."
      searchCompanies(input: CompanySearchInput!): CompanySearchResult!
      "Public for validated companies; its recruiters and admins see it in any state."
      company(id: ID!): Company
      "The teacher's starred companies, latest first."
      myFavorites: [Company!]!
      "Companies for the teacher's home, ranked by criteria, distance and free seats soon."
      suggestedCompanies(limit: Int = 6): [Company!]!
    }
    extend type Mutation {
      addFavorite(companyId: ID!): Company!
      removeFavorite(companyId: ID!): Company!
    }
  `,
  resolvers: {
    Query: {
      searchCompanies: (_root, args, c) =>
        searchCompaniesFor(c.var.viewer, parseInput(searchInputSchema, args.input), c.var.deps),
      company: (_root, args, c) => companyFor(c.var.viewer, parseInput(idInput, args).id, c.var.deps),
      myFavorites: (_root, _args, c) => myFavorites(c.var.viewer, c.var.deps),
      suggestedCompanies: (_root, args, c) =>
        suggestedCompaniesFor(c.var.viewer, parseInput(limitSchema, args), c.var.deps),
    },
    Mutation: {
      addFavorite: (_root, args, c) =>
        addFavorite(c.var.viewer, parseInput(companyIdSchema, args), c.var.deps),
      removeFavorite: (_root, args, c) =>
        removeFavorite(c.var.viewer, parseInput(companyIdSchema, args), c.var.deps),
    },
    CompanyMarker: {
      pictureUrl: (marker: CompanyMarker, _args, c) =>
        marker.pictureDocumentId === null
          ? null
          : `${c.var.deps.config.PUBLIC_URL}${pictureUrl(marker.pictureDocumentId)}`,
    },
    Company: {
      isFavorite: (company: CompanyRow, _args, c) => isStarred(c, company.id),
      distanceKm: (company: Partial<FoundCompany>) => company.distanceKm ?? null,
      // Left out by searchCompaniesFor for whoever may not see the company's dates.
      nextSlotAt: (company: Partial<FoundCompany>) => company.nextSlotAt ?? null,
      datesVisible: (company: CompanyRow, _args, c) => canSeeSlotDates(c.var.viewer, company),
      suggestionReasons: (company: Partial<SuggestedCompany>) => company.suggestionReasons ?? null,
      // Search results carry the count already: no query per result.
      availableSlotsCount: (company: CompanyRow & { availableSlotsCount?: number }, args, c) => {
        const { days } = parseInput(daysSchema, args);
        if (days === AVAILABLE_SLOTS_WINDOW_DAYS && company.availableSlotsCount !== undefined) {
          return company.availableSlotsCount;
        }
        return availableSlotsCountOfCompany(company.id, days, c.var.deps);
      },
    },
  },
};
