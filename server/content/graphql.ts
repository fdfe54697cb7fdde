import { z } from 'zod';
import { FAQ_AUDIENCES } from '../../common/constants.ts';
import { newsInputSchema } from '../../common/content.ts';
import { ROUTES } from '../../common/routes.ts';
import type { GqlContext } from '../kernel/context.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { type ArticleRow, newsOfCompany } from './articles.ts';
import { faqFor } from './faq.ts';
import { createCompanyNews, deleteCompanyNews, myCompanyNews, updateCompanyNews } from './news.ts';

const enumOf = (name: string, values: readonly string[]) => `enum ${name} { ${values.join(' ')} }`;

const newsIdSchema = z.object({ id: z.coerce.number().int().positive() });

/**
 * The platform's content: the FAQ by audience and the platform's articles (written in the back-office,
 * issue 13), and companies' news (issue 14), listed on the company, each at /article/{id}, written by its
 * recruiters.
 */
export const contentModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type CompanyNews {
      id: ID!
      title: String!
      summary: String
      body: String!
      "When it is (or will be) published; a company's own recruiters also see the scheduled ones."
      publishedAt: DateTime
      "Where it is read: /article/{id}."
      url: String!
    }
    "publishedOn: YYYY-MM-DD, from 00:00 in mainland France; a later day schedules it (a year ahead at most)."
    input CompanyNewsInput {
      title: String!
      summary: String
      body: String!
      publishedOn: String!
    }
    extend type Company {
      "Its published news, latest first."
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
      "The recruiter's company's news, scheduled ones too, latest first."
      myCompanyNews: [CompanyNews!]!
      "Public: the FAQ for the reader's audience (visitors', plus teachers' or companies' own)."
      faqEntries: [FaqEntry!]!
    }
    extend type Mutation {
      createCompanyNews(input: CompanyNewsInput!): CompanyNews!
      "One of the recruiter's company's news items (NOT_FOUND for another company's)."
      updateCompanyNews(id: ID!, input: CompanyNewsInput!): CompanyNews!
      deleteCompanyNews(id: ID!): Boolean!
    }
  `,
  resolvers: {
    CompanyNews: {
      url: (news: ArticleRow, _args, c: GqlContext) =>
        `${c.var.deps.config.PUBLIC_URL}${ROUTES.article(news.id)}`,
    },
    Company: {
      news: (company: { id: number }, _args, c) => newsOfCompany(company.id, c.var.deps),
    },
    Article: {
      updatedAt: (article: ArticleRow) => article.updatedAt ?? article.createdAt,
    },
    Query: {
      myCompanyNews: (_root, _args, c) => myCompanyNews(c.var.viewer, c.var.deps),
      faqEntries: (_root, _args, c) => faqFor(c.var.viewer, c.var.deps),
    },
    Mutation: {
      createCompanyNews: (_root, args, c) =>
        createCompanyNews(c.var.viewer, parseInput(newsInputSchema, args.input), c.var.deps),
      updateCompanyNews: (_root, args, c) =>
        updateCompanyNews(
          c.var.viewer,
          { ...parseInput(newsInputSchema, args.input), ...parseInput(newsIdSchema, args) },
          c.var.deps,
        ),
      deleteCompanyNews: async (_root, args, c) => {
        await deleteCompanyNews(c.var.viewer, parseInput(newsIdSchema, args), c.var.deps);
        return true;
      },
    },
  },
};
