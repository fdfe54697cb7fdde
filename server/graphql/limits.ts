import { costLimitRule } from '@escape.tech/graphql-armor-cost-limit';
import { maxAliasesRule } from '@escape.tech/graphql-armor-max-aliases';
import { maxDepthRule } from '@escape.tech/graphql-armor-max-depth';
import type { GraphQLError, ValidationContext, ValidationRule } from 'graphql';

/** Report as a validation error instead of throwing (graphql-armor's default outside envelop). */
const report = {
  propagateOnRejection: false,
  onReject: [(context: ValidationContext | null, error: GraphQLError) => context?.reportError(error)],
};

export const LIMITS = { depth: 10, aliases: 15, cost: 5000 } as const;

export function limitRules(
  limits: { depth: number; aliases: number; cost: number } = LIMITS,
): ValidationRule[] {
  return [
    maxDepthRule({ n: limits.depth, ...report }),
    maxAliasesRule({ n: limits.aliases, ...report }),
    costLimitRule({ maxCost: limits.cost, ...report }),
  ] as ValidationRule[];
}
