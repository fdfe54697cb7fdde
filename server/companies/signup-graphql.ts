import {
  companyIdentityQuerySchema,
  companySignUpSchema,
  postcodeQuerySchema,
} from '../../common/companies.ts';
import type { GraphQLModule } from '../graphql/module.ts';
import { deliverQueuedMail } from '../http/background.ts';
import { RATE_LIMITS } from '../http/rate-limit.ts';
import { clientIp } from '../http/session.ts';
import { parseInput } from '../validation.ts';
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
      companyIdentity: async (_root, args, c) => {
        const { siret } = parseInput(companyIdentityQuerySchema, args);
        const { db, clock, rateLimiter, companyLookup, geocoder } = c.var.deps;
        // The register allows 7 requests/s for the whole platform.
        rateLimiter.consume([`company-identity:ip:${clientIp(c)}`], RATE_LIMITS.companyIdentity, clock.now());
        return prefillCompanyIdentity({ db, companyLookup, geocoder }, siret);
      },
      communesOfPostcode: async (_root, args, c) => {
        const { postcode } = parseInput(postcodeQuerySchema, args);
        const { clock, rateLimiter, geocoder } = c.var.deps;
        rateLimiter.consume([`geocoding:ip:${clientIp(c)}`], RATE_LIMITS.addressSuggestions, clock.now());
        return communesOfPostcode(geocoder, postcode);
      },
    },
    Mutation: {
      signUpCompany: async (_root, args, c) => {
        const input = parseInput(companySignUpSchema, args.input);
        const { db, clock, rateLimiter, recruitmentSite } = c.var.deps;
        const now = clock.now();
        rateLimiter.consume([`signup:ip:${clientIp(c)}`], RATE_LIMITS.signUp, now);
        const company = await signUpCompany({ db, now, recruitmentSite }, input);
        deliverQueuedMail(c);
        return company;
      },
    },
  },
};
