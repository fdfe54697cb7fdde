import type { GraphQLModule } from '../graphql/module.ts';
import { companyNews } from './queries.ts';

export const contentModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type CompanyNews {
      id: ID!
      title: String!
      summary: String
      body: String!
      publishedAt: DateTime
    }
    extend type Company {
      news: [CompanyNews!]!
    }
  `,
  resolvers: {
    Company: {
      news: (company: { id: number }, _args, c) =>
        companyNews(c.var.deps.db, company.id, c.var.deps.clock.now()),
    },
  },
};
