import {
  companyIdentityQuerySchema,
  companySignUpSchema,
  postcodeQuerySchema,
} from '../../common/companies.ts';
import { clientIp } from '../http/session.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { communesOfPostcode, prefillCompanyIdentity, signUpCompany } from './signup.ts';

export const companySignUpModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    input RecruiterInput {
      firstName: String!
      lastName: String!
      email: String!
      phone: String
    }
    input CompanySignUpInput {
      departmentCode: String!
      siret: String!
      name: String!
      address: AddressInput!
      nafCode: String!
      sector: Sector!
      phone: String!
      user: RecruiterInput!
      password: String!
      acceptTerms: Boolean!
    }
    "An address as the register of companies files it; some have no point."
    type CompanyIdentityAddress {
      label: String!
      zipcode: String!
      city: String!
      lat: Float
      lng: Float
    }
    "What company sign-up can prefill from a SIRET."
    type CompanyIdentityPrefill {
      siret: String!
      "Null when the register does not know the SIRET or cannot answer now."
      name: String
      nafCode: String
      address: CompanyIdentityAddress
      "A company already signed up with this SIRET (company_already_exists)."
      alreadyRegistered: Boolean!
    }
    extend type Query {
      "Public, rate-limited: the register's identity of a SIRET, to prefill company sign-up."
      companyIdentity(siret: String!): CompanyIdentityPrefill
      "Public: the communes a postcode serves, for a company address that no suggestion matches."
      communesOfPostcode(postcode: String!): [AddressSuggestion!]!
    }
    extend type Mutation {
      "The company is pending until an administrator validates it; no session is opened."
      signUpCompany(input: CompanySignUpInput!): Company!
    }
  `,
  resolvers: {
    Query: {
      companyIdentity: (_root, args, c) =>
        prefillCompanyIdentity(
          { ...parseInput(companyIdentityQuerySchema, args), clientIp: clientIp(c) },
          c.var.deps,
        ),
      communesOfPostcode: (_root, args, c) =>
        communesOfPostcode({ ...parseInput(postcodeQuerySchema, args), clientIp: clientIp(c) }, c.var.deps),
    },
    Mutation: {
      signUpCompany: async (_root, args, c) => {
        const input = parseInput(companySignUpSchema, args.input);
        const company = await signUpCompany({ ...input, clientIp: clientIp(c) }, c.var.deps);
        return company;
      },
    },
  },
};
