import {
  buildSchema,
  GraphQLError,
  type GraphQLFieldResolver,
  GraphQLInterfaceType,
  GraphQLObjectType,
  GraphQLScalarType,
  type GraphQLSchema,
  Kind,
} from 'graphql';
import { ERROR_MESSAGES } from '../../common/errors.ts';
import type { GqlContext } from '../kernel/context.ts';
import { AppError } from '../kernel/errors.ts';
import type { FieldResolver, GraphQLModule } from '../kernel/graphql-module.ts';
import { coreTypeDefs } from './core.ts';

/**
 * Every error leaves through here: catalogue errors keep their code and message, anything else is
 * logged with the request id and answered as `other_error`, never with its stack or message.
 */
function toGraphQLError(error: unknown, c: GqlContext): GraphQLError {
  if (error instanceof AppError) {
    return new GraphQLError(error.message, { extensions: { code: error.code, ...error.extensions } });
  }
  if (error instanceof GraphQLError && error.extensions?.code) return error;
  const requestId = c.var.requestId;
  c.var.deps.log.error('resolver failed', {
    requestId,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
  return new GraphQLError(ERROR_MESSAGES.other_error, { extensions: { code: 'other_error', requestId } });
}

/**
 * The error mapping around a resolver. A synchronous resolver stays synchronous: making every field a
 * promise would cost each object of a list a microtask per field.
 */
function guarded(
  resolve: GraphQLFieldResolver<unknown, GqlContext>,
): GraphQLFieldResolver<unknown, GqlContext> {
  return (source, args, c, info) => {
    let result: unknown;
    try {
      result = resolve(source, args, c, info);
    } catch (error) {
      throw toGraphQLError(error, c);
    }
    if (result instanceof Promise) {
      return result.catch((error: unknown) => {
        throw toGraphQLError(error, c);
      });
    }
    return result;
  };
}

const dateTime = new GraphQLScalarType({
  name: 'DateTime',
  description: 'ISO-8601 instant, UTC.',
  serialize: (value) => new Date(value as Date | string | number).toISOString(),
  parseValue: (value) => parseDateTime(value),
  parseLiteral: (ast) => (ast.kind === Kind.STRING ? parseDateTime(ast.value) : invalidDateTime()),
});

function parseDateTime(value: unknown): Date {
  const date = typeof value === 'string' ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? date : invalidDateTime();
}

function invalidDateTime(): never {
  throw new GraphQLError('Date invalide : format ISO-8601 attendu.', {
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

/** Builds the schema from the domains' SDL and binds their resolvers, each wrapped by the error mapping. */
export function assembleSchema(modules: GraphQLModule[]): GraphQLSchema {
  const typeDefs = modules.map((m) => m.typeDefs);
  // graphql-js refuses an empty root type, so Mutation exists once a domain adds a field to it.
  const mutationRoot = typeDefs.some((sdl) => sdl.includes('extend type Mutation')) ? 'type Mutation' : '';
  const schema = buildSchema([coreTypeDefs, mutationRoot, ...typeDefs].join('\n'));
  Object.assign(schema.getType('DateTime') as GraphQLScalarType, {
    serialize: dateTime.serialize,
    parseValue: dateTime.parseValue,
    parseLiteral: dateTime.parseLiteral,
  });
  for (const module of modules) {
    for (const [typeName, { __resolveType, ...resolvers }] of Object.entries(module.resolvers)) {
      const type = schema.getType(typeName);
      if (type instanceof GraphQLInterfaceType) {
        type.resolveType = __resolveType;
        continue;
      }
      if (!(type instanceof GraphQLObjectType)) throw new Error(`No object type ${typeName} in the schema`);
      const fields = type.getFields();
      for (const [fieldName, resolve] of Object.entries(resolvers as Record<string, FieldResolver>)) {
        const field = fields[fieldName];
        if (!field) throw new Error(`No field ${typeName}.${fieldName} in the schema`);
        field.resolve = guarded(resolve);
      }
    }
  }
  return schema;
}
