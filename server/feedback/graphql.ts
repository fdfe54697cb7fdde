import { feedbackInputSchema } from '../../common/feedback.ts';
import type { GqlContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { GraphQLModule } from '../kernel/graphql-module.ts';
import { parseInput } from '../kernel/validation.ts';
import { type MeetingView, meetingViewsByIds } from '../meetings/index.ts';
import {
  type FeedbackRow,
  feedbackDueOf,
  feedbackOfMeeting,
  submitFeedback,
  submitFeedbackSchema,
} from './feedback.ts';
import {
  type FeedbackScope,
  type FeedbackSummary,
  feedbackItemsOf,
  feedbackItemsSchema,
  feedbackReport,
  feedbackReportSchema,
} from './report.ts';

type FeedbackParent = FeedbackRow & { meeting?: MeetingView };

/** The satisfaction questionnaire (PRODUCT.md, After the meeting): the teacher answers, companies read. */
export const feedbackModule: GraphQLModule = {
  typeDefs: /* GraphQL */ `
    type Feedback {
      id: ID!
      meeting: Meeting!
      "1 to 4: Pas satisfait, Peu satisfait, Satisfait, Très satisfait."
      organisation: Int!
      matching: Int!
      engagement: Int!
      liked: String
      suggestions: String
      createdAt: DateTime!
    }
    type FeedbackAverages {
      organisation: Float!
      matching: Float!
      engagement: Float!
    }
    "How many answers gave 1, 2, 3 and 4, per criterion."
    type FeedbackDistribution {
      organisation: [Int!]!
      matching: [Int!]!
      engagement: [Int!]!
    }
    type FeedbackReport {
      count: Int!
      "Null while there is no answer."
      averages: FeedbackAverages
      distribution: FeedbackDistribution!
      "The latest answers first; the CSV export (GET /exports/feedback.csv) has them all."
      items(limit: Int = 50): [Feedback!]!
    }
    input FeedbackInput {
      meetingId: ID!
      organisation: Int!
      matching: Int!
      engagement: Int!
      liked: String
      suggestions: String
    }
    extend type Meeting {
      "Its teacher's answers to the questionnaire, once given."
      feedback: Feedback
      "Done, not cancelled, the group came, and no answer yet: its teacher is asked."
      feedbackDue: Boolean!
    }
    extend type Query {
      "A recruiter: their company's (companyId omitted or theirs). Admin: one company's, or all without companyId."
      feedbackReport(companyId: ID): FeedbackReport!
    }
    extend type Mutation {
      "The meeting's teacher, once it is done; once (feedback_already_given); meeting_not_done before."
      submitFeedback(input: FeedbackInput!): Feedback!
    }
  `,
  resolvers: {
    Query: {
      feedbackReport: (_root, args, c) =>
        feedbackReport(c.var.viewer, parseInput(feedbackReportSchema, args), c.var.deps),
    },
    Mutation: {
      submitFeedback: (_root, args, c) => {
        const { meetingId } = parseInput(submitFeedbackSchema, args.input);
        const input = parseInput(feedbackInputSchema, args.input);
        return submitFeedback(c.var.viewer, { ...input, meetingId }, c.var.deps);
      },
    },
    FeedbackReport: {
      items: async (report: FeedbackScope & FeedbackSummary, args, c: GqlContext) => {
        const { limit } = parseInput(feedbackItemsSchema, args);
        const rows = await feedbackItemsOf(report, limit, c.var.deps);
        const meetings = new Map(
          (
            await meetingViewsByIds(
              c.var.viewer,
              rows.map((row) => row.meetingId),
              c.var.deps,
            )
          ).map((meeting) => [meeting.id, meeting]),
        );
        return rows.map((row) => ({
          id: row.feedbackId,
          meetingId: row.meetingId,
          organisation: row.organisation,
          matching: row.matching,
          engagement: row.engagement,
          liked: row.liked,
          suggestions: row.suggestions,
          createdAt: row.feedbackCreatedAt,
          meeting: meetings.get(row.meetingId),
        }));
      },
    },
    Feedback: {
      meeting: (feedback: FeedbackParent) => {
        if (!feedback.meeting) throw new AppError('NOT_FOUND');
        return feedback.meeting;
      },
    },
    Meeting: {
      feedback: async (meeting: MeetingView, _args, c: GqlContext) => {
        const row = await feedbackOfMeeting(c.var.viewer, meeting, c.var.deps);
        return row && { ...row, meeting };
      },
      feedbackDue: (meeting: MeetingView, _args, c: GqlContext) =>
        feedbackDueOf(c.var.viewer, meeting, c.var.deps),
    },
  },
};
