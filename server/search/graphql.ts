import { z } from 'zod';
import { AVAILABLE_SLOTS_WINDOW_DAYS } from '../../common/constants.ts';
import { contactCompanySchema, searchInputSchema } from '../../common/search.ts';
import { findCompanyById } from '../companies/index.ts';
import { AppError } from '../errors.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { requireKind } from '../http/authorization.ts';
import { deliverQueuedMail } from '../http/background.ts';
import type { GqlContext } from '../http/context.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { countAvailableSlotsOfCompany } from '../slots/index.ts';
import { parseInput } from '../validation.ts';
import { companyJobOffers, companyNews, contactCompany, isContactable } from './company-page.ts';
import { addFavorite, favoriteCompanies, removeFavorite } from './favorites.ts';
import { type CompanyRow, type FoundCompany, searchCompanies } from './search.ts';
import { type SuggestedCompany, suggestCompanies } from './suggestions.ts';

const idSchema = z.object({ id: z.coerce.number().int().positive() });
const companyIdSchema = z.object({ companyId: z.coerce.number().int().positive() });
const limitSchema = z.object({ limit: z.number().int().min(1).max(24) });
const daysSchema = z.object({ days: z.number().int().min(1).max(365) });

/** The teacher's starred companies, read once per request whatever the number of companies shown. */
const starred = new WeakMap<GqlContext, Promise<Set<number>>>();
function isStarred(c: GqlContext, companyId: number): Promise<boolean> {
  const viewer = c.var.viewer;
  if (viewer?.kind !== 'teacher') return Promise.resolve(false);
  let ids = starred.get(c);
  if (!ids) {
    ids = favoriteCompanies(c.var.deps.db, viewer.id).then((rows) => new Set(rows.map((row) => row.id)));
    starred.set(c, ids);
  }
  return ids.then((set) => set.has(companyId));
}

/**
 * A company is public once validated; its own recruiters and admins also see it in other states (the
 * recruiter's company page while awaiting validation, the operators' queue).
 */
async function visibleCompany(c: GqlContext, id: number): Promise<CompanyRow | null> {
  const company = await findCompanyById(c.var.deps.db, id);
  if (!company) return null;
  if (company.status === 'validated') return company;
  const viewer = c.var.viewer;
  return viewer?.kind === 'admin' || (viewer?.kind === 'recruiter' && viewer.companyId === id)
    ? company
    : null;
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
    }
    type CompanySearchResult {
      total: Int!
      page: Int!
      pageSize: Int!
      items: [Company!]!
      "Every match, unpaginated, for the map."
      markers: [CompanyMarker!]!
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
      "distance needs near; without it, nextSlot."
      sort: CompanySort
      page: Int = 1
      pageSize: Int = 10
    }
    type JobOffer {
      id: ID!
      title: String!
      contractType: String
      location: String
      url: String
      publishedAt: DateTime
    }
    "The recruitment site's offers; unavailable when it could not be reached (the page says so)."
    type JobOfferList {
      unavailable: Boolean!
      items: [JobOffer!]!
    }
    type CompanyNews {
      id: ID!
      title: String!
      summary: String
      body: String!
      publishedAt: DateTime
    }
    extend type Company {
      "Public: slots with seats left starting within \`days\`."
      availableSlotsCount(days: Int = 15): Int!
      "False for anyone but a teacher."
      isFavorite: Boolean!
      "Set in search results and suggestions when a place is known."
      distanceKm: Float
      "Set in search results: the start of the next slot with seats left; null for visitors (no dates)."
      nextSlotAt: DateTime
      "Set in suggestions: why this company is suggested."
      suggestionReasons: [String!]
      jobOffers: JobOfferList!
      news: [CompanyNews!]!
      "It asked to be contacted and has no slot to come: the page shows a contact button."
      contactable: Boolean!
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
      "A teacher writes to a company that asked to be contacted and has no slot; e-mailed to the company."
      contactCompany(companyId: ID!, message: String!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      searchCompanies: (_root, args, c) =>
        searchCompanies(c.var.deps.db, parseInput(searchInputSchema, args.input), c.var.deps.clock.now()),
      company: (_root, args, c) => visibleCompany(c, parseInput(idSchema, args).id),
      myFavorites: (_root, _args, c) => favoriteCompanies(c.var.deps.db, requireKind(c, 'teacher').id),
      suggestedCompanies: (_root, args, c) => {
        const teacher = requireKind(c, 'teacher');
        const { limit } = parseInput(limitSchema, args);
        return suggestCompanies(c.var.deps.db, teacher.id, c.var.deps.clock.now(), limit);
      },
    },
    Mutation: {
      addFavorite: (_root, args, c) =>
        addFavorite(c.var.deps.db, requireKind(c, 'teacher').id, parseInput(companyIdSchema, args).companyId),
      removeFavorite: (_root, args, c) =>
        removeFavorite(
          c.var.deps.db,
          requireKind(c, 'teacher').id,
          parseInput(companyIdSchema, args).companyId,
        ),
      contactCompany: async (_root, args, c) => {
        const teacher = requireKind(c, 'teacher');
        const { companyId } = parseInput(companyIdSchema, args);
        const { message } = parseInput(contactCompanySchema, args);
        const { db, clock, rateLimiter } = c.var.deps;
        const company = await visibleCompany(c, companyId);
        if (!company) throw new AppError('NOT_FOUND');
        rateLimiter.consume([`contact:user:${teacher.id}`], RATE_LIMITS.contactCompany, clock.now());
        await contactCompany({ db, now: clock.now() }, teacher.id, company, message);
        deliverQueuedMail(c);
        return true;
      },
    },
    Company: {
      isFavorite: (company: CompanyRow, _args, c) => isStarred(c, company.id),
      distanceKm: (company: Partial<FoundCompany>) => company.distanceKm ?? null,
      // A date: teachers, admins and the company's own recruiters only (visitors see counts, PRODUCT.md).
      nextSlotAt: (company: Partial<FoundCompany>, _args, c) => {
        const viewer = c.var.viewer;
        const sees =
          viewer?.kind === 'teacher' ||
          viewer?.kind === 'admin' ||
          (viewer?.kind === 'recruiter' && viewer.companyId === company.id);
        return sees ? (company.nextSlotAt ?? null) : null;
      },
      suggestionReasons: (company: Partial<SuggestedCompany>) => company.suggestionReasons ?? null,
      jobOffers: (company: CompanyRow, _args, c) => companyJobOffers(c.var.deps.recruitmentSite, company),
      news: (company: CompanyRow, _args, c) => companyNews(c.var.deps.db, company.id, c.var.deps.clock.now()),
      contactable: (company: CompanyRow, _args, c) =>
        isContactable(c.var.deps.db, company, c.var.deps.clock.now()),
      // Search results carry the count already: no query per result.
      availableSlotsCount: (company: CompanyRow & { availableSlotsCount?: number }, args, c) => {
        const { days } = parseInput(daysSchema, args);
        if (days === AVAILABLE_SLOTS_WINDOW_DAYS && company.availableSlotsCount !== undefined) {
          return company.availableSlotsCount;
        }
        return countAvailableSlotsOfCompany(c.var.deps.db, company.id, c.var.deps.clock.now(), days);
      },
    },
  },
};
