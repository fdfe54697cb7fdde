import {
  loginSchema,
  passwordResetRequestSchema,
  passwordResetSchema,
  teacherSignUpSchema,
} from '../../common/accounts.ts';
import { clientIp } from '../http/session.ts';
import { inBackground } from '../kernel/background.ts';
import type { GqlContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { logInWithPassword } from './login.ts';
import { endRecruitmentAccess, logoutSchema } from './logout.ts';
import { requestPasswordReset, resetPassword } from './password-reset.ts';
import { pendingEmailResolver } from './profile-graphql.ts';
import { endSession, startSession } from './session-middleware.ts';
import { signUpTeacher } from './teachers.ts';
import { establishmentById, meFor, type UserRow } from './users.ts';

async function logIn(c: GqlContext, args: unknown, kind: 'teacher' | 'admin') {
  const { email, password } = parseInput(loginSchema, args);
  const user = await logInWithPassword({ email, password, kind, clientIp: clientIp(c) }, c.var.deps);
  return { token: await startSession(c, user.id), user };
}

const TYPENAMES = { teacher: 'Teacher', recruiter: 'Recruiter', admin: 'AdminUser' } as const;

export const accountsModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    interface User {
      id: ID!
      email: String!
      firstName: String!
      lastName: String!
      phone: String
      "A new login e-mail waiting for its confirmation link to be opened: the account's own eyes only."
      pendingEmail: String
    }
    type Teacher implements User {
      id: ID!
      email: String!
      firstName: String!
      lastName: String!
      phone: String
      pendingEmail: String
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
      phone: String
      pendingEmail: String
      company: Company!
    }
    type AdminUser implements User {
      id: ID!
      email: String!
      firstName: String!
      lastName: String!
      phone: String
      pendingEmail: String
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
    }
    extend type Mutation {
      signUpTeacher(input: TeacherSignUpInput!): AuthPayload!
      loginTeacher(email: String!, password: String!): AuthPayload!
      loginAdmin(email: String!, password: String!): AuthPayload!
      """
      Ends the caller's session; true even when there was none. A recruiter's access to the recruitment
      site ends too: the refresh token the client holds, when given, and every other the site lets end.
      """
      logout(refreshToken: String): Boolean!
      "Always true: the answer never tells whether an account exists."
      requestPasswordReset(email: String!): Boolean!
      resetPassword(token: String!, password: String!): Boolean!
    }
  `,
  resolvers: {
    Query: {
      me: (_root, _args, c) => meFor(c.var.viewer, c.var.deps),
    },
    Mutation: {
      signUpTeacher: async (_root, args, c) => {
        const input = parseInput(teacherSignUpSchema, args.input);
        const user = await signUpTeacher({ ...input, clientIp: clientIp(c) }, c.var.deps);
        return { token: await startSession(c, user.id), user };
      },
      loginTeacher: (_root, args, c) => logIn(c, args, 'teacher'),
      loginAdmin: (_root, args, c) => logIn(c, args, 'admin'),
      logout: async (_root, args, c) => {
        await endRecruitmentAccess(c.var.viewer, parseInput(logoutSchema, args), c.var.deps);
        await endSession(c);
        return true;
      },
      requestPasswordReset: async (_root, args, c) => {
        const { email } = parseInput(passwordResetRequestSchema, args);
        const { sending } = await requestPasswordReset({ email, clientIp: clientIp(c) }, c.var.deps);
        inBackground(c, sending);
        return true;
      },
      resetPassword: async (_root, args, c) => {
        await resetPassword(parseInput(passwordResetSchema, args), c.var.deps);
        return true;
      },
    },
    User: {
      __resolveType: (user) => TYPENAMES[(user as UserRow).kind],
    },
    Recruiter: { pendingEmail: pendingEmailResolver },
    AdminUser: { pendingEmail: pendingEmailResolver },
    Teacher: {
      pendingEmail: pendingEmailResolver,
      schoolLevels: (user: UserRow) => user.schoolLevels ?? [],
      sectors: (user: UserRow) => user.sectors ?? [],
      jobs: (user: UserRow) => user.jobs ?? [],
      establishment: async (user: UserRow, _args, c) => {
        const establishment = await establishmentById(user.establishmentId, c.var.deps);
        if (!establishment) throw new AppError('NOT_FOUND');
        return establishment;
      },
    },
  },
};
