import { z } from 'zod';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { videoRoomAccess } from './access.ts';
import {
  bringToStage,
  endMeeting,
  lowerHand,
  muteParticipant,
  openVideoRoom,
  raiseHand,
  removeParticipant,
  sendBackToAudience,
  videoRoomState,
} from './host.ts';

/** The room's inputs are ids: the slot's room and, for a host's action, the class's user id (its identity). */
const id = z.coerce.number().int().positive();

const videoSlotInputSchema = z.object({ slotId: id });
/** A host's action on one participant: the slot's room, and the participant's user id (their identity). */
const videoParticipantInputSchema = z.object({ slotId: id, userId: id });
/** Lowering a hand: one's own, or (the host) anyone's. */
const lowerHandInputSchema = z.object({
  slotId: id,
  userId: z.preprocess((value) => value ?? undefined, id.optional()),
});

export const videoModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    enum VideoRole { host participant }
    "A webinar's classes are its audience until the host brings one on stage; elsewhere everyone publishes."
    enum VideoMode { conference webinar }
    type VideoRoomAccess {
      "The LiveKit server to connect to (wss://…)."
      serverUrl: String!
      "Good until the room closes."
      token: String!
      roomName: String!
      role: VideoRole!
      mode: VideoMode!
      "A webinar's class on stage: its token publishes camera and microphone."
      onStage: Boolean!
      opensAt: DateTime!
      closesAt: DateTime!
    }
    "A class booked on the slot, as the room's host sees it."
    type VideoRoomClass {
      "The teacher's user id: their identity in the room."
      userId: ID!
      meetingId: ID!
      "« Prénom Nom — Établissement », as the room names the class."
      name: String!
      participantsCount: Int!
      "In the lobby now, since then; null once the room is open or when it is not waiting."
      waitingSince: DateTime
      onStage: Boolean!
      removed: Boolean!
    }
    type VideoRoomState {
      slotId: ID!
      mode: VideoMode!
      "Null until the host opens the room to the classes."
      openedAt: DateTime
      endedAt: DateTime
      "The classes waiting now, first come first."
      lobby: [VideoRoomClass!]!
      "Every class holding a live booking, in booking order."
      classes: [VideoRoomClass!]!
    }
    extend type Query {
      "The slot's company's recruiters (host) and its booked teachers (participant), while the room is open; a class waits (video_room_waiting) until the host opens it."
      videoRoomAccess(slotId: ID!): VideoRoomAccess!
      "The room's host: the lobby and the booked classes."
      videoRoomState(slotId: ID!): VideoRoomState!
    }
    extend type Mutation {
      "The room's host: lets the waiting classes in."
      openVideoRoom(slotId: ID!): VideoRoomState!
      "The room's host, in a webinar: the class may publish camera and microphone."
      bringToStage(slotId: ID!, userId: ID!): Boolean!
      "The room's host, in a webinar: the class publishes nothing again."
      sendBackToAudience(slotId: ID!, userId: ID!): Boolean!
      "The room's host: mutes the class's microphone."
      muteParticipant(slotId: ID!, userId: ID!): Boolean!
      "The room's host: disconnects the class, which cannot come back."
      removeParticipant(slotId: ID!, userId: ID!): Boolean!
      "The room's host: closes the room for everyone."
      endMeeting(slotId: ID!): Boolean!
      "A class in the open room asks to speak."
      raiseHand(slotId: ID!): Boolean!
      "One's own hand, or (the room's host) a class's."
      lowerHand(slotId: ID!, userId: ID): Boolean!
    }
  `,
  resolvers: {
    Query: {
      videoRoomAccess: (_root, args, c) =>
        videoRoomAccess(c.var.viewer, parseInput(videoSlotInputSchema, args), c.var.deps),
      videoRoomState: (_root, args, c) =>
        videoRoomState(c.var.viewer, parseInput(videoSlotInputSchema, args), c.var.deps),
    },
    Mutation: {
      openVideoRoom: (_root, args, c) =>
        openVideoRoom(c.var.viewer, parseInput(videoSlotInputSchema, args), c.var.deps),
      bringToStage: (_root, args, c) =>
        bringToStage(c.var.viewer, parseInput(videoParticipantInputSchema, args), c.var.deps),
      sendBackToAudience: (_root, args, c) =>
        sendBackToAudience(c.var.viewer, parseInput(videoParticipantInputSchema, args), c.var.deps),
      muteParticipant: (_root, args, c) =>
        muteParticipant(c.var.viewer, parseInput(videoParticipantInputSchema, args), c.var.deps),
      removeParticipant: (_root, args, c) =>
        removeParticipant(c.var.viewer, parseInput(videoParticipantInputSchema, args), c.var.deps),
      endMeeting: (_root, args, c) =>
        endMeeting(c.var.viewer, parseInput(videoSlotInputSchema, args), c.var.deps),
      raiseHand: (_root, args, c) =>
        raiseHand(c.var.viewer, parseInput(videoSlotInputSchema, args), c.var.deps),
      lowerHand: (_root, args, c) =>
        lowerHand(c.var.viewer, parseInput(lowerHandInputSchema, args), c.var.deps),
    },
  },
};
