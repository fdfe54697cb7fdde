import type { GraphQLModule } from '../graphql/module.ts';
import { addressOf } from '../graphql/shapes.ts';
import { companyContact } from './moderation.ts';
import { type CompanyRow, jobLabelsOfCompany } from './queries.ts';

export const companiesModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type Company {
      id: ID!
      siret: String!
      name: String!
      status: CompanyStatus!
      address: Address!
      nafCode: String!
      sector: Sector!
      phone: String
      website: String
      employeesCount: Int
      creationDate: String
      acceptsInterns: Boolean!
      description: String
      jobs: [String!]!
      "When the company signed up."
      createdAt: DateTime!
      "Whom to reach at the company: admins and its own recruiters only, null for anyone else."
      contact: CompanyContact
    }
    type CompanyContact {
      name: String
      email: String
      phone: String
    }
  `,
  resolvers: {
    Company: {
      address: (company: CompanyRow) => addressOf(company),
      jobs: (company: CompanyRow, _args, c) => jobLabelsOfCompany(c.var.deps.db, company.id),
      contact: (company: CompanyRow, _args, c) => {
        const viewer = c.var.viewer;
        const allowed =
          viewer?.kind === 'admin' || (viewer?.kind === 'recruiter' && viewer.companyId === company.id);
        return allowed ? companyContact(c.var.deps.db, company) : null;
      },
    },
  },
};
