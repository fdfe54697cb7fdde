import { FAQ_AUDIENCES } from '../../common/constants.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { type ArticleRow, companyNews, faqFor } from './queries.ts';

const enumOf = (name: string, values: readonly string[]) => `enum ${name} { ${values.join(' ')} }`;

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
    "Who an FAQ entry is written for; visitors' entries are read by everyone."
    ${enumOf('FaqAudience', FAQ_AUDIENCES)}
    type FaqEntry {
      id: ID!
      question: String!
      answer: String!
      audience: FaqAudience!
      position: Int!
    }
    "A platform article: read at /article/{id} once published; a draft only by the national administrators."
    type Article {
      id: ID!
      title: String!
      summary: String
      "Markdown."
      body: String!
      "Null for a draft."
      publishedAt: DateTime
      "When it was last saved."
      updatedAt: DateTime!
    }
    extend type Query {
      "Public: the FAQ for the reader's audience (visitors', plus teachers' or companies' own)."
      faqEntries: [FaqEntry!]!
    }
  `,
  resolvers: {
    Article: {
      updatedAt: (article: ArticleRow) => article.updatedAt ?? article.createdAt,
    },
    Query: {
      faqEntries: (_root, _args, c) => faqFor(c.var.viewer, c.var.deps),
    },
    Company: {
      news: (company: { id: number }, _args, c) =>
        companyNews(c.var.deps.db, company.id, c.var.deps.clock.now()),
    },
  },
};
