import { z } from 'zod';
import {
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  requiredText,
  teacherSignUpSchema,
} from '../../common/accounts.ts';
import { findCompanyById } from '../companies/index.ts';
import { AppError } from '../errors.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { addressOf } from '../graphql/shapes.ts';
import { deliverQueuedMail } from '../http/background.ts';
import type { GqlContext } from '../http/context.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { clientIp, endSession, startSession } from '../http/session.ts';
import { parseInput } from '../validation.ts';
import { logInCompany } from './company-login.ts';
import { logInWithPassword } from './login.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { signUpTeacher } from './teachers.ts';
import { findEstablishmentById, findUserById, type UserRow } from './users.ts';

async function logIn(c: GqlContext, args: unknown, kind: 'teacher' | 'admin') {
  const { email, password } = parseInput(loginSchema, args);
  const { db, clock, rateLimiter } = c.var.deps;
  const user = await logInWithPassword(
    { db, now: clock.now(), rateLimiter },
    { email, password, kind, clientIp: clientIp(c) },
  );
  return { token: await startSession(c, user.id), user };
}

async function loginCompany(c: GqlContext, args: unknown) {
  const { email, password } = parseInput(loginSchema, args);
  const { db, clock, rateLimiter, recruitmentSite } = c.var.deps;
  const { user, tokens } = await logInCompany(
    { db, now: clock.now(), rateLimiter, recruitmentSite },
    { email, password, clientIp: clientIp(c) },
  );
  return { token: await startSession(c, user.id), user, recruitmentSite: tokens };
}

const refreshTokenSchema = z.object({ refreshToken: requiredText(4096) });

const TYPENAMES = { teacher: 'Teacher', recruiter: 'Recruiter', admin: 'AdminUser' } as const;

export const accountsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    interface User {
      id: ID!
      email: String!
      firstName: String!
      lastName: String!
    }
    type Teacher implements User {
      id: ID!
      email: String!
      firstName: String!
      lastName: String!
      phone: String
      profileType: ProfileType!
      schoolLevels: [SchoolLevel!]!
      establishment: Establishment!
      sectors: [Sector!]!
      jobs: [String!]!
      useEstablishmentAddress: Boolean!
      weeklyMail: Boolean!
    }
    type Recruiter implements User {
      id: ID!
      email: String!
      firstName: String!
      lastName: String!
      company: Company!
    }
    type AdminUser implements User {
      id: ID!
      email: String!
      firstName: String!
      lastName: String!
    }
    type Establishment {
      name: String!
      type: String!
      address: Address!
    }
    type AuthPayload {
      "The session token, for clients that send it as a bearer token; browsers get the cookie."
      token: String!
      user: User!
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
    input EstablishmentInput {
      name: String!
      type: String!
      address: AddressInput!
    }
    input TeacherSignUpInput {
      departmentCode: String!
      firstName: String!
      lastName: String!
      email: String!
      phone: String
      password: String!
      profileType: ProfileType!
      schoolLevels: [SchoolLevel!]!
      establishment: EstablishmentInput!
      acceptTerms: Boolean!
    }
    extend type Query {
      "The caller; null for a visitor."
      me: User
      "The recruiter's company; null for anyone else."
      myCompany: Company
      "A new token pair for the recruitment site; UNAUTHENTICATED when the refresh token is refused."
      refreshToken(refreshToken: String!): TokenResponse!
    }
    extend type Mutation {
      signUpTeacher(input: TeacherSignUpInput!): AuthPayload!
      loginTeacher(email: String!, password: String!): AuthPayload!
      loginAdmin(email: String!, password: String!): AuthPayload!
      "Recruitment-site credentials; refused for a company awaiting validation, archived or out of an open department."
      loginCompany(email: String!, password: String!): CompanyAuthPayload!
      "Ends the caller's session; true even when there was none."
      logout: Boolean!
      "Always true: the answer never tells whether an account exists."
      requestPasswordReset(email: String!): Boolean!
      resetPassword(token: String!, password: String!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      me: (_root, _args, c) => (c.var.viewer ? findUserById(c.var.deps.db, c.var.viewer.id) : null),
      myCompany: (_root, _args, c) => {
        const viewer = c.var.viewer;
        return viewer?.kind === 'recruiter' && viewer.companyId
          ? findCompanyById(c.var.deps.db, viewer.companyId)
          : null;
      },
      refreshToken: (_root, args, c) => {
        const { refreshToken } = parseInput(refreshTokenSchema, args);
        return c.var.deps.recruitmentSite.refresh(refreshToken);
      },
    },
    Mutation: {
      signUpTeacher: async (_root, args, c) => {
        const input = parseInput(teacherSignUpSchema, args.input);
        const { db, clock, config, rateLimiter } = c.var.deps;
        const now = clock.now();
        rateLimiter.consume([`signup:ip:${clientIp(c)}`], RATE_LIMITS.signUp, now);
        const user = await signUpTeacher({ db, now, publicUrl: config.PUBLIC_URL }, input);
        deliverQueuedMail(c);
        return { token: await startSession(c, user.id), user };
      },
      loginTeacher: (_root, args, c) => logIn(c, args, 'teacher'),
      loginAdmin: (_root, args, c) => logIn(c, args, 'admin'),
      loginCompany: (_root, args, c) => loginCompany(c, args),
      logout: async (_root, _args, c) => {
        await endSession(c);
        return true;
      },
      requestPasswordReset: async (_root, args, c) => {
        const { email } = parseInput(passwordResetRequestSchema, args);
        const { db, clock, config, rateLimiter } = c.var.deps;
        await requestPasswordReset(
          { db, now: clock.now(), rateLimiter, publicUrl: config.PUBLIC_URL },
          { email, clientIp: clientIp(c) },
        );
        deliverQueuedMail(c);
        return true;
      },
      resetPassword: async (_root, args, c) => {
        const input = parseInput(passwordResetSchema, args);
        await resetPassword({ db: c.var.deps.db, now: c.var.deps.clock.now() }, input);
        return true;
      },
    },
    User: {
      __resolveType: (user) => TYPENAMES[(user as UserRow).kind],
    },
    Teacher: {
      schoolLevels: (user: UserRow) => user.schoolLevels ?? [],
      sectors: (user: UserRow) => user.sectors ?? [],
      jobs: (user: UserRow) => user.jobs ?? [],
      establishment: async (user: UserRow, _args, c) => {
        const establishment = user.establishmentId
          ? await findEstablishmentById(c.var.deps.db, user.establishmentId)
          : null;
        if (!establishment) throw new AppError('NOT_FOUND');
        return { ...establishment, address: addressOf(establishment) };
      },
    },
    Recruiter: {
      company: async (user: UserRow, _args, c) => {
        const company = user.companyId ? await findCompanyById(c.var.deps.db, user.companyId) : null;
        if (!company) throw new AppError('NOT_FOUND');
        return company;
      },
    },
  },
};
