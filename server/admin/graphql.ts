import { z } from 'zod';
import { MESSAGES } from '../../common/messages.ts';
import { AppError } from '../errors.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { deliverQueuedMail } from '../http/background.ts';
import { setDepartmentActive } from '../territory/index.ts';
import { parseInput } from '../validation.ts';
import {
  archiveCompany,
  pendingCompanies,
  refuseCompany,
  refuseSchema,
  validateCompany,
} from './moderation.ts';

const idSchema = z.object({ id: z.string() });

/** A malformed id names no company: NOT_FOUND, as an unknown one. */
function companyIdOf(args: unknown): { id: number } {
  const { id } = parseInput(idSchema, args);
  const n = /^\d{1,15}$/.test(id) ? Number(id) : 0;
  if (n <= 0) throw new AppError('NOT_FOUND');
  return { id: n };
}

const departmentSchema = z.object({ code: z.string().trim().min(1, MESSAGES.required), active: z.boolean() });

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
      pendingCompanies: (_root, _args, c) => pendingCompanies(c.var.viewer, c.var.deps),
    },
    Mutation: {
      validateCompany: async (_root, args, c) => {
        const company = await validateCompany(c.var.viewer, companyIdOf(args), c.var.deps);
        deliverQueuedMail(c);
        return company;
      },
      refuseCompany: async (_root, args, c) => {
        const input = { ...companyIdOf(args), ...parseInput(refuseSchema, args) };
        const company = await refuseCompany(c.var.viewer, input, c.var.deps);
        deliverQueuedMail(c);
        return company;
      },
      archiveCompany: async (_root, args, c) => {
        const company = await archiveCompany(c.var.viewer, companyIdOf(args), c.var.deps);
        deliverQueuedMail(c);
        return company;
      },
      setDepartmentActive: (_root, args, c) =>
        setDepartmentActive(c.var.viewer, parseInput(departmentSchema, args), c.var.deps),
    },
  },
};
