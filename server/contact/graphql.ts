import { z } from 'zod';
import { contactCompanySchema } from '../../common/search.ts';
import type { CompanyRow } from '../companies/index.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { deliverQueuedMail } from '../http/background.ts';
import { parseInput } from '../validation.ts';
import { contactCompany, isContactable } from './company-contact.ts';

const companyIdSchema = z.object({ companyId: z.coerce.number().int().positive() });

export const contactModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Company {
      "It asked to be contacted and has no slot to come: the page shows a contact button."
      contactable: Boolean!
    }
    extend type Mutation {
      "A teacher writes to a company that asked to be contacted and has no slot; e-mailed to the company."
      contactCompany(companyId: ID!, message: String!): Boolean!
    }
  `,
  resolvers: {
    Company: {
      contactable: (company: CompanyRow, _args, c) => isContactable(company, c.var.deps),
    },
    Mutation: {
      contactCompany: async (_root, args, c) => {
        const input = { ...parseInput(companyIdSchema, args), ...parseInput(contactCompanySchema, args) };
        await contactCompany(c.var.viewer, input, c.var.deps);
        deliverQueuedMail(c);
        return true;
      },
    },
  },
};
