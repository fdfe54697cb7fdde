import type { z } from 'zod';
import { nameBlock, teacherProfileBlocks } from '../../common/accounts.ts';
import { clientIp } from '../http/session.ts';
import type { Deps } from '../kernel/context.ts';
import type { FieldResolver, GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import type { Viewer } from '../kernel/viewer.ts';
import { createCalendarFeed, hasCalendarFeed, revokeCalendarFeed } from './calendar-token.ts';
import {
  confirmEmailChange,
  confirmEmailChangeSchema,
  pendingEmailFor,
  updateContact,
} from './email-change.ts';
import {
  changePassword,
  updateCriteria,
  updateEstablishment,
  updateName,
  updatePreferences,
  updatePublicProfile,
} from './profile.ts';
import { RECRUITMENT_TOKEN_HEADER } from './recruitment-token.ts';
import { startSession } from './session-middleware.ts';
import type { UserRow } from './users.ts';

type BlockName = keyof typeof teacherProfileBlocks;

/** A block's mutation: its input checked with the block's shared rule, then its use case. */
function saveBlock<B extends BlockName>(
  block: B,
  save: (
    viewer: Viewer | null,
    input: z.infer<(typeof teacherProfileBlocks)[B]>,
    deps: Deps,
  ) => Promise<UserRow>,
): FieldResolver {
  return (_root, args, c) =>
    save(
      c.var.viewer,
      parseInput(teacherProfileBlocks[block], args.input) as z.infer<(typeof teacherProfileBlocks)[B]>,
      c.var.deps,
    );
}

/** The user's own profile, block by block (spec: "Teacher profile with a public part, a private part and establishment"). */
export const profileModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    extend type Teacher {
      description: String
      "The teacher's own reference address, used for suggestions when useEstablishmentAddress is off."
      referenceAddress: ReferenceAddress
    }
    type ReferenceAddress {
      label: String!
      zipcode: String!
      city: String!
      lat: Float!
      lng: Float!
    }
    input NameInput {
      firstName: String!
      lastName: String!
    }
    input PublicProfileInput {
      firstName: String!
      lastName: String!
      description: String
    }
    "Changing the e-mail needs currentPassword; the new address takes effect when the link sent to it is opened."
    input ContactInput {
      email: String!
      phone: String
      currentPassword: String
    }
    input TeacherEstablishmentInput {
      name: String!
      type: String!
      address: AddressInput!
      schoolLevels: [SchoolLevel!]!
    }
    input CriteriaInput {
      sectors: [Sector!]!
      jobs: [String!]!
    }
    input PreferencesInput {
      useEstablishmentAddress: Boolean!
      referenceAddress: AddressInput
      weeklyMail: Boolean!
    }
    extend type Query {
      "Whether the caller has a private calendar feed URL (it is shown only when made)."
      hasCalendarFeed: Boolean!
    }
    extend type Mutation {
      updateMyPublicProfile(input: PublicProfileInput!): Teacher!
      "A teacher's or a recruiter's first and last name."
      updateMyName(input: NameInput!): User!
      """
      Teachers and recruiters (a recruiter also sends X-Recruitment-Token). The phone changes at once; a new
      e-mail needs currentPassword, is confirmed by the link sent to it, and the current address is told.
      """
      updateMyContact(input: ContactInput!): User!
      "The link sent to a new address was opened: it becomes the account's login e-mail."
      confirmEmailChange(token: String!): Boolean!
      """
      Needs the current password; ends every session of the account and opens a new one for the caller. A
      recruiter also sends X-Recruitment-Token, and with an outside recruitment site gets
      password_on_recruitment_site: the password is that site's.
      """
      changeMyPassword(currentPassword: String!, newPassword: String!): Boolean!
      updateMyEstablishment(input: TeacherEstablishmentInput!): Teacher!
      updateMyCriteria(input: CriteriaInput!): Teacher!
      updateMyPreferences(input: PreferencesInput!): Teacher!
      "A new private iCalendar feed URL; the previous one stops working."
      createCalendarFeed: String!
      "The feed URL stops working."
      revokeCalendarFeed: Boolean!
    }
  `,
  resolvers: {
    Teacher: {
      referenceAddress: (user: UserRow) =>
        user.referenceLabel && user.referenceLat != null && user.referenceLng != null
          ? {
              label: user.referenceLabel,
              zipcode: user.referenceZipcode ?? '',
              city: user.referenceCity ?? '',
              lat: user.referenceLat,
              lng: user.referenceLng,
            }
          : null,
    },
    Query: {
      hasCalendarFeed: (_root, _args, c) => hasCalendarFeed(c.var.viewer, c.var.deps),
    },
    Mutation: {
      updateMyPublicProfile: saveBlock('public', updatePublicProfile),
      updateMyName: (_root, args, c) =>
        updateName(c.var.viewer, parseInput(nameBlock, args.input), c.var.deps),
      updateMyContact: async (_root, args, c) => {
        const input = parseInput(teacherProfileBlocks.contact, args.input);
        const user = await updateContact(
          c.var.viewer,
          {
            ...input,
            clientIp: clientIp(c),
            recruitmentToken: c.req.header(RECRUITMENT_TOKEN_HEADER)?.trim(),
          },
          c.var.deps,
        );
        return user;
      },
      confirmEmailChange: async (_root, args, c) => {
        await confirmEmailChange(parseInput(confirmEmailChangeSchema, args), c.var.deps);
        return true;
      },
      changeMyPassword: async (_root, args, c) => {
        const input = parseInput(teacherProfileBlocks.password, args);
        await changePassword(
          c.var.viewer,
          {
            ...input,
            clientIp: clientIp(c),
            recruitmentToken: c.req.header(RECRUITMENT_TOKEN_HEADER)?.trim(),
          },
          c.var.deps,
        );
        await startSession(c, (c.var.viewer as Viewer).id);
        return true;
      },
      updateMyEstablishment: saveBlock('establishment', updateEstablishment),
      updateMyCriteria: saveBlock('criteria', updateCriteria),
      updateMyPreferences: saveBlock('preferences', updatePreferences),
      createCalendarFeed: (_root, _args, c) => createCalendarFeed(c.var.viewer, c.var.deps),
      revokeCalendarFeed: async (_root, _args, c) => {
        await revokeCalendarFeed(c.var.viewer, c.var.deps);
        return true;
      },
    },
  },
};

/** A pending change of login e-mail, for the account's own eyes only. */
export const pendingEmailResolver: FieldResolver = (user: UserRow, _args, c) =>
  pendingEmailFor(c.var.viewer, user.id, c.var.deps);
