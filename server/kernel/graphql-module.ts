import type { GraphQLFieldResolver, GraphQLTypeResolver } from 'graphql';
import type { GqlContext } from './context.ts';

// biome-ignore lint/suspicious/noExplicitAny: parents differ per type; each resolver narrows its own.
export type FieldResolver = GraphQLFieldResolver<any, GqlContext, any>;
export type TypeResolvers = Record<string, FieldResolver> & {
  __resolveType?: GraphQLTypeResolver<unknown, GqlContext>;
};

/** What a domain folder contributes to the schema: its SDL and the resolvers of its fields. */
export interface GraphQLModule {
  typeDefs: string;
  resolvers: Record<string, TypeResolvers>;
}
