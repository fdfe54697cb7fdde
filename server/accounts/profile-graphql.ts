import { z } from 'zod';
import { teacherProfileBlocks } from '../../common/accounts.ts';
import { MESSAGES } from '../../common/messages.ts';
import type { Db } from '../../db/client.ts';
import { listJobs } from '../companies/index.ts';
import type { FieldResolver, GraphQLModule } from '../graphql/module.ts';
import { requireKind } from '../http/authorization.ts';
import { deliverQueuedMail } from '../http/background.ts';
import { endSession, startSession } from '../http/session.ts';
import { parseInput } from '../validation.ts';
import { requestAccountDeletion } from './deletion.ts';
import {
  changePassword,
  updateContact,
  updateCriteria,
  updateEstablishment,
  updatePreferences,
  updatePublicProfile,
} from './profile.ts';
import type { UserRow } from './users.ts';

const deletionInput = z.object({
  password: z.string({ error: MESSAGES.required }).min(1, { error: MESSAGES.required }),
});

type BlockName = keyof typeof teacherProfileBlocks;

/** A block's mutation: the caller must be a teacher; the input is checked with the block's shared rule. */
function saveBlock<B extends BlockName>(
  block: B,
  save: (db: Db, teacherId: number, input: z.infer<(typeof teacherProfileBlocks)[B]>) => Promise<UserRow>,
): FieldResolver {
  return (_root, args, c) =>
    save(
      c.var.deps.db,
      requireKind(c, 'teacher').id,
      parseInput(teacherProfileBlocks[block], args.input) as z.infer<(typeof teacherProfileBlocks)[B]>,
    );
}

/** The teacher's profile, block by block (spec: "Teacher profile with a public part, a private part and establishment"). */
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
    type Job {
      label: String!
      sector: Sector
    }
    input PublicProfileInput {
      firstName: String!
      lastName: String!
      description: String
    }
    input ContactInput {
      email: String!
      phone: String
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
      "Public: the platform's list of jobs (métiers)."
      jobs: [Job!]!
    }
    extend type Mutation {
      updateMyPublicProfile(input: PublicProfileInput!): Teacher!
      updateMyContact(input: ContactInput!): Teacher!
      "Needs the current password; ends every session of the account and opens a new one for the caller."
      changeMyPassword(currentPassword: String!, newPassword: String!): Boolean!
      updateMyEstablishment(input: TeacherEstablishmentInput!): Teacher!
      updateMyCriteria(input: CriteriaInput!): Teacher!
      updateMyPreferences(input: PreferencesInput!): Teacher!
      "Needs the current password: anonymises the account, cancels its future meetings (companies told) and logs out."
      requestAccountDeletion(password: String!): Boolean!
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
      jobs: (_root, _args, c) => listJobs(c.var.deps.db),
    },
    Mutation: {
      updateMyPublicProfile: saveBlock('public', updatePublicProfile),
      updateMyContact: saveBlock('contact', updateContact),
      changeMyPassword: async (_root, args, c) => {
        const teacher = requireKind(c, 'teacher');
        await changePassword(c.var.deps.db, teacher.id, parseInput(teacherProfileBlocks.password, args));
        await startSession(c, teacher.id);
        return true;
      },
      updateMyEstablishment: saveBlock('establishment', updateEstablishment),
      updateMyCriteria: saveBlock('criteria', updateCriteria),
      updateMyPreferences: saveBlock('preferences', updatePreferences),
      requestAccountDeletion: async (_root, args, c) => {
        const teacher = requireKind(c, 'teacher');
        const { db, clock, config } = c.var.deps;
        await requestAccountDeletion(
          { db, now: clock.now(), publicUrl: config.PUBLIC_URL },
          teacher.id,
          parseInput(deletionInput, args),
        );
        await endSession(c);
        deliverQueuedMail(c);
        return true;
      },
    },
  },
};
