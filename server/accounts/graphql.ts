import { findCompanyById } from '../companies/index.ts';
import { AppError } from '../errors.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { addressOf } from '../graphql/shapes.ts';
import { findEstablishmentById, findUserById, type UserRow } from './users.ts';

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
    extend type Query {
      "The caller; null for a visitor."
      me: User
    }
  `,
  resolvers: {
    Query: {
      me: (_root, _args, c) => (c.var.viewer ? findUserById(c.var.deps.db, c.var.viewer.id) : null),
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
