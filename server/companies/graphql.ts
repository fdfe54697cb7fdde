import { loginSchema } from '../../common/accounts.ts';
import type { UserRow } from '../accounts/index.ts';
import { startSession } from '../accounts/index.ts';
import { clientIp } from '../http/session.ts';
import { jobsOfCompany } from '../jobs/index.ts';
import type { GqlContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { addressOf } from '../kernel/shapes.ts';
import { parseInput } from '../kernel/validation.ts';
import { companyContactFor, myCompany } from './companies.ts';
import { companyJobOffers } from './job-offers.ts';
import { logInCompany, refreshRecruitmentTokens, refreshTokenSchema } from './login.ts';
import type { CompanyRow } from './queries.ts';
import { companyById } from './rows.ts';

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
    extend type Company {
      jobOffers: JobOfferList!
    }
    type CompanyContact {
      name: String
      email: String
      phone: String
    }
    "The recruitment site's tokens: the client sends the access token as X-Recruitment-Token."
    type TokenResponse {
      accessToken: String!
      "Seconds until the access token expires."
      expiresIn: Int!
      "Good for one refresh: each refresh answers a new pair."
      refreshToken: String!
    }
    type CompanyAuthPayload {
      "The session token, for clients that send it as a bearer token; browsers get the cookie."
      token: String!
      user: Recruiter!
      recruitmentSite: TokenResponse!
    }
    extend type Query {
      "The recruiter's company; null for anyone else."
      myCompany: Company
      "A new token pair for the recruitment site; UNAUTHENTICATED when the refresh token is refused."
      refreshToken(refreshToken: String!): TokenResponse!
    }
    extend type Mutation {
      "Recruitment-site credentials; refused for a company awaiting validation, archived or out of an open department."
      loginCompany(email: String!, password: String!): CompanyAuthPayload!
    }
  `,
  resolvers: {
    Query: {
      myCompany: (_root, _args, c) => myCompany(c.var.viewer, c.var.deps),
      refreshToken: (_root, args, c) =>
        refreshRecruitmentTokens(parseInput(refreshTokenSchema, args), c.var.deps),
    },
    Mutation: {
      loginCompany: async (_root, args, c: GqlContext) => {
        const { email, password } = parseInput(loginSchema, args);
        const { user, tokens } = await logInCompany({ email, password, clientIp: clientIp(c) }, c.var.deps);
        return { token: await startSession(c, user.id), user, recruitmentSite: tokens };
      },
    },
    Recruiter: {
      company: async (user: UserRow, _args, c) => {
        const company = user.companyId ? await companyById(user.companyId, c.var.deps) : null;
        if (!company) throw new AppError('NOT_FOUND');
        return company;
      },
    },
    Company: {
      address: (company: CompanyRow) => addressOf(company),
      jobs: (company: CompanyRow, _args, c) => jobsOfCompany(company.id, c.var.deps),
      contact: (company: CompanyRow, _args, c) => companyContactFor(c.var.viewer, company, c.var.deps),
      jobOffers: (company: CompanyRow, _args, c) => companyJobOffers(company, c.var.deps),
    },
  },
};
