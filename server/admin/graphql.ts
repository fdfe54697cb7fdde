import { z } from 'zod';
import { refusalReasonField } from '../../common/admin.ts';
import { MESSAGES } from '../../common/messages.ts';
import {
  archiveCompany,
  listPendingCompanies,
  type ModerationDeps,
  refuseCompany,
  validateCompany,
} from '../companies/index.ts';
import { AppError } from '../errors.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { requireKind } from '../http/authorization.ts';
import { deliverQueuedMail } from '../http/background.ts';
import type { GqlContext } from '../http/context.ts';
import { setDepartmentActive } from '../territory/index.ts';
import { parseInput } from '../validation.ts';

const idSchema = z.object({ id: z.string() });

/** A malformed id names no company: NOT_FOUND, as an unknown one. */
function companyIdOf(id: string): number {
  const n = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  if (n <= 0) throw new AppError('NOT_FOUND');
  return n;
}

const refuseSchema = idSchema.extend({
  reason: refusalReasonField.transform((reason) => reason ?? null),
});
const departmentSchema = z.object({ code: z.string().trim().min(1, MESSAGES.required), active: z.boolean() });

function moderationDeps(c: GqlContext): ModerationDeps {
  const { db, clock, config } = c.var.deps;
  return { db, now: clock.now(), publicUrl: config.PUBLIC_URL };
}

/** The operators' API: the companies' validation queue and the territory's opening, admins only. */
export const adminModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Query {
      "Admin: companies awaiting validation, oldest first."
      pendingCompanies: [Company!]!
    }
    extend type Mutation {
      "Admin: pending → validated; its recruiters are e-mailed a login link."
      validateCompany(id: ID!): Company!
      "Admin: pending → refused; its recruiters are e-mailed the reason; its future slots and bookings go."
      refuseCompany(id: ID!, reason: String): Company!
      "Admin: validated → archived; its recruiters are e-mailed; its future slots go, booked teachers are told."
      archiveCompany(id: ID!): Company!
      "Admin: opens or closes the platform in a department."
      setDepartmentActive(code: String!, active: Boolean!): Department!
    }
  `,
  resolvers: {
    Query: {
      pendingCompanies: (_root, _args, c) => {
        requireKind(c, 'admin');
        return listPendingCompanies(c.var.deps.db);
      },
    },
    Mutation: {
      validateCompany: async (_root, args, c) => {
        requireKind(c, 'admin');
        const { id } = parseInput(idSchema, args);
        const company = await validateCompany(moderationDeps(c), companyIdOf(id));
        deliverQueuedMail(c);
        return company;
      },
      refuseCompany: async (_root, args, c) => {
        requireKind(c, 'admin');
        const { id, reason } = parseInput(refuseSchema, args);
        const company = await refuseCompany(moderationDeps(c), companyIdOf(id), reason);
        deliverQueuedMail(c);
        return company;
      },
      archiveCompany: async (_root, args, c) => {
        requireKind(c, 'admin');
        const { id } = parseInput(idSchema, args);
        const company = await archiveCompany(moderationDeps(c), companyIdOf(id));
        deliverQueuedMail(c);
        return company;
      },
      setDepartmentActive: (_root, args, c) => {
        requireKind(c, 'admin');
        const { code, active } = parseInput(departmentSchema, args);
        return setDepartmentActive(c.var.deps.db, code, active);
      },
    },
  },
};
