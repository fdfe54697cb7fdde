import type { GraphQLModule } from '../graphql/module.ts';
import { addressOf } from '../graphql/shapes.ts';
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
    }
  `,
  resolvers: {
    Company: {
      address: (company: CompanyRow) => addressOf(company),
      jobs: (company: CompanyRow, _args, c) => jobLabelsOfCompany(c.var.deps.db, company.id),
    },
  },
};
