import { z } from 'zod';
import { COMPANY_STATUSES } from '../../common/constants.ts';
import { articleInputSchema, faqEntryInputSchema } from '../../common/platform-content.ts';
import { statisticsInputSchema } from '../../common/statistics.ts';
import { TEXT_MAX } from '../../common/text.ts';
import { AppError } from '../kernel/errors.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { idInput, parseInput } from '../kernel/validation.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { adminCompanies } from './companies.ts';
import { deleteArticle, deleteFaqEntry, upsertArticle, upsertFaqEntry } from './content.ts';
import { departmentActiveSchema, setDepartmentActiveFor } from './departments.ts';
import {
  archiveCompany,
  pendingCompanies,
  refuseCompany,
  refuseSchema,
  restoreCompany,
  validateCompany,
} from './moderation.ts';
import { inviteOperator, inviteOperatorSchema, operators, removeOperator } from './operators.ts';
import { anonymiseTeacherOnRequest, sendAccessLink } from './people.ts';
import { statistics } from './statistics.ts';

const idSchema = z.object({ id: z.string() });

/** A malformed id names no company: NOT_FOUND, as an unknown one. */
function companyIdOf(args: unknown): { id: number } {
  const { id } = parseInput(idSchema, args);
  const n = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  if (n <= 0) throw new AppError('NOT_FOUND');
  return { id: n };
}

const companyListSchema = z.object({
  text: z.string().trim().max(TEXT_MAX.searchText).nullish(),
  status: z.enum(COMPANY_STATUSES).nullish(),
  departmentCode: z.string().trim().max(3).nullish(),
  page: z.number().int().min(1).max(10_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(20),
});

const userIdSchema = z.object({ userId: z.coerce.number().int().positive() });

const scopeOf = (user: { operatorRegion: string | null }) => (user.operatorRegion ? 'regional' : 'national');

/** The operators' API (issue 13): companies, territory, people, content, statistics; each use case says who. */
export const adminModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum AdminScope { national regional }
    extend type AdminUser {
      "national: all of France; regional: the departments of regionCode only."
      scope: AdminScope!
      regionCode: String
    }
    type CompanyPage {
      total: Int!
      items: [Company!]!
    }
    type MonthCount {
      "YYYY-MM, in Europe/Paris."
      month: String!
      count: Int!
    }
    type StatisticsGroup {
      "A sector, a department code or a meeting type."
      key: String!
      "Its name in French."
      label: String!
      meetingsHeld: Int!
      pupilsReached: Int!
    }
    type UnmetDemand {
      departmentCode: String!
      departmentName: String!
      "Searches around a place of the department that found no slot in the next 15 days."
      searches: Int!
    }
    "The programme's numbers for the caller's area and the period (by default this month and the eleven before, in Europe/Paris); definitions in docs/decisions/0034."
    type Statistics {
      from: DateTime!
      to: DateTime!
      "Bookings made in the period."
      bookings: Int!
      "Live bookings of the slots that ended in the period (up to now)."
      meetingsHeld: Int!
      pupilsReached: Int!
      "Seats taken over seats offered, of the slots that ended in the period."
      fillRate: Float!
      seatsOffered: Int!
      seatsTaken: Int!
      "Cancelled bookings of the slots that ended in the period, and those cancelled less than 48 hours before the start."
      cancellations: Int!
      lateCancellations: Int!
      "Late cancellations over the bookings of those slots (held and cancelled)."
      lateCancellationRate: Float!
      "Held meetings whose company said the group did not come, and their share of the meetings held."
      noShows: Int!
      noShowRate: Float!
      "The questionnaires' averages for the meetings held (null without any answer), and how many answered."
      satisfaction: FeedbackAverages
      satisfactionAnswers: Int!
      bookingsPerMonth: [MonthCount!]!
      meetingsHeldPerMonth: [MonthCount!]!
      bySector: [StatisticsGroup!]!
      byDepartment: [StatisticsGroup!]!
      byMeetingType: [StatisticsGroup!]!
      unmetDemand: [UnmetDemand!]!
    }
    type Operator {
      id: ID!
      email: String!
      scope: AdminScope!
      regionCode: String
      regionName: String
      "Invited, and has not chosen a password yet."
      pending: Boolean!
    }
    input FaqEntryInput {
      id: ID
      question: String!
      answer: String!
      audience: FaqAudience!
      position: Int
    }
    input ArticleInput {
      id: ID
      title: String!
      summary: String
      "Markdown."
      body: String!
      published: Boolean!
    }
    extend type Query {
      "Operators: companies awaiting validation in their area, oldest first."
      pendingCompanies: [Company!]!
      "Operators: the companies of their area, searched (name, city, SIRET) and filtered, a page at a time."
      adminCompanies(text: String, status: CompanyStatus, departmentCode: String, page: Int = 1, pageSize: Int = 20): CompanyPage!
      "Operators: the numbers of their area."
      statistics(from: DateTime, to: DateTime, departmentCode: String): Statistics!
      "National administrators: who operates the platform."
      operators: [Operator!]!
    }
    extend type Mutation {
      "Operators: pending → validated; its recruiters are e-mailed a login link."
      validateCompany(id: ID!): Company!
      "Operators: pending → refused; its recruiters are e-mailed the reason; its future slots and bookings go."
      refuseCompany(id: ID!, reason: String): Company!
      "Operators: validated → archived; its recruiters are e-mailed; its future slots go, booked teachers are told."
      archiveCompany(id: ID!): Company!
      "Operators: archived → validated; its recruiters are e-mailed."
      restoreCompany(id: ID!): Company!
      "Operators: opens or closes the platform in one of their departments."
      setDepartmentActive(code: String!, active: Boolean!): Department!
      "National administrators: invites an operator by e-mail; the invitation sets the password."
      inviteOperator(email: String!, scope: AdminScope!, regionCode: String): Boolean!
      "National administrators: the operator can no longer log in."
      removeOperator(id: ID!): Boolean!
      "Operators: e-mails a teacher or a recruiter of their area a link to choose their password."
      sendAccessLink(userId: ID!): Boolean!
      "Operators: deletes a teacher's account at their request (anonymised, future meetings cancelled)."
      anonymiseTeacher(userId: ID!): Boolean!
      "National administrators: the FAQ."
      upsertFaqEntry(input: FaqEntryInput!): FaqEntry!
      deleteFaqEntry(id: ID!): Boolean!
      "National administrators: the platform's articles."
      upsertArticle(input: ArticleInput!): Article!
      deleteArticle(id: ID!): Boolean!
    }
  `,
  resolvers: {
    AdminUser: {
      scope: scopeOf,
      regionCode: (user: { operatorRegion: string | null }) => user.operatorRegion,
    },
    Operator: {
      scope: (operator: { regionCode: string | null }) => (operator.regionCode ? 'regional' : 'national'),
    },
    Query: {
      pendingCompanies: (_root, _args, c) => pendingCompanies(c.var.viewer, c.var.deps),
      adminCompanies: (_root, args, c) =>
        adminCompanies(c.var.viewer, parseInput(companyListSchema, args), c.var.deps),
      statistics: (_root, args, c) =>
        statistics(c.var.viewer, parseInput(statisticsInputSchema, args), c.var.deps),
      operators: (_root, _args, c) => operators(c.var.viewer, c.var.deps),
    },
    Mutation: {
      validateCompany: mailing((viewer, args, deps) => validateCompany(viewer, companyIdOf(args), deps)),
      refuseCompany: mailing((viewer, args, deps) =>
        refuseCompany(viewer, { ...companyIdOf(args), ...parseInput(refuseSchema, args) }, deps),
      ),
      archiveCompany: mailing((viewer, args, deps) => archiveCompany(viewer, companyIdOf(args), deps)),
      restoreCompany: mailing((viewer, args, deps) => restoreCompany(viewer, companyIdOf(args), deps)),
      setDepartmentActive: (_root, args, c) =>
        setDepartmentActiveFor(c.var.viewer, parseInput(departmentActiveSchema, args), c.var.deps),
      inviteOperator: mailing(async (viewer, args, deps) => {
        await inviteOperator(viewer, parseInput(inviteOperatorSchema, args), deps);
        return true;
      }),
      removeOperator: async (_root, args, c) => {
        await removeOperator(c.var.viewer, parseInput(idInput, args), c.var.deps);
        return true;
      },
      sendAccessLink: mailing(async (viewer, args, deps) => {
        await sendAccessLink(viewer, { id: parseInput(userIdSchema, args).userId }, deps);
        return true;
      }),
      anonymiseTeacher: mailing(async (viewer, args, deps) => {
        await anonymiseTeacherOnRequest(viewer, { id: parseInput(userIdSchema, args).userId }, deps);
        return true;
      }),
      upsertFaqEntry: (_root, args, c) =>
        upsertFaqEntry(c.var.viewer, parseInput(faqEntryInputSchema, args.input), c.var.deps),
      deleteFaqEntry: async (_root, args, c) => {
        await deleteFaqEntry(c.var.viewer, parseInput(idInput, args), c.var.deps);
        return true;
      },
      upsertArticle: (_root, args, c) =>
        upsertArticle(c.var.viewer, parseInput(articleInputSchema, args.input), c.var.deps),
      deleteArticle: async (_root, args, c) => {
        await deleteArticle(c.var.viewer, parseInput(idInput, args), c.var.deps);
        return true;
      },
    },
  },
};

/** A mutation whose use case queues e-mails: they leave once it answers. */
function mailing<T>(
  run: (
    viewer: Viewer | null,
    args: Record<string, unknown>,
    deps: import('../kernel/context.ts').Deps,
  ) => Promise<T>,
) {
  return async (
    _root: unknown,
    args: Record<string, unknown>,
    c: import('../kernel/context.ts').GqlContext,
  ) => {
    const result = await run(c.var.viewer, args, c.var.deps);
    return result;
  };
}
