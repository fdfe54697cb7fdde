import {
  GraphQLBoolean,
  GraphQLError,
  GraphQLFloat,
  GraphQLID,
  type GraphQLInputType,
  GraphQLInt,
  type GraphQLSchema,
  GraphQLString,
  isEnumType,
  isInputObjectType,
  isInputType,
  isListType,
  isNonNullType,
  type OperationDefinitionNode,
  typeFromAST,
} from 'graphql';
import { VARIABLE_MESSAGES } from '../../common/errors.ts';

/** Enough to correct a form; a client sending thousands of wrong values learns nothing more from the rest. */
const MAX_FIELDS = 50;

/**
 * The variables of `operation` that do not fit their GraphQL type, as `extensions.fields` names them:
 * the path from the variable ("input.address.lat", "ids.2") to a French message. graphql-js says the same
 * in one English sentence per value, with the path inside the sentence; this walks the types itself, so
 * the path is data. It runs only after graphql-js has refused the variables, never on the way to success.
 */
export function variableFieldErrors(
  schema: GraphQLSchema,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> | null | undefined,
): Record<string, string> {
  const fields: Record<string, string> = {};
  const report = (path: string, message: string) => {
    if (Object.keys(fields).length < MAX_FIELDS) fields[path] ??= message;
  };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    const type = typeFromAST(schema, definition.type);
    // Validation has made sure every variable's type exists and is an input type.
    if (!type || !isInputType(type)) continue;
    const value = variables?.[name];
    if (value === undefined) {
      if (isNonNullType(type) && !definition.defaultValue) report(name, VARIABLE_MESSAGES.required);
      continue;
    }
    check(value, type, name, report);
  }
  return fields;
}

function check(
  value: unknown,
  type: GraphQLInputType,
  path: string,
  report: (path: string, message: string) => void,
): void {
  if (isNonNullType(type)) {
    if (value === null) report(path, VARIABLE_MESSAGES.required);
    else check(value, type.ofType, path, report);
    return;
  }
  if (value === null) return;
  if (isListType(type)) {
    // A single value where a list is expected is a list of one (GraphQL's input coercion).
    if (!Array.isArray(value)) check(value, type.ofType, path, report);
    else for (const [index, item] of value.entries()) check(item, type.ofType, `${path}.${index}`, report);
    return;
  }
  if (isInputObjectType(type)) {
    if (typeof value !== 'object' || Array.isArray(value)) {
      report(path, VARIABLE_MESSAGES.object);
      return;
    }
    const record = value as Record<string, unknown>;
    const typeFields = type.getFields();
    for (const field of Object.values(typeFields)) {
      const fieldValue = record[field.name];
      const fieldPath = `${path}.${field.name}`;
      if (fieldValue === undefined) {
        if (isNonNullType(field.type) && field.defaultValue === undefined) {
          report(fieldPath, VARIABLE_MESSAGES.required);
        }
        continue;
      }
      check(fieldValue, field.type, fieldPath, report);
    }
    for (const key of Object.keys(record)) {
      if (!Object.hasOwn(typeFields, key)) report(`${path}.${key}`, VARIABLE_MESSAGES.unknownField);
    }
    return;
  }
  // A leaf: a scalar or an enum, read as graphql-js reads it.
  try {
    if (type.parseValue(value) === undefined) report(path, leafMessage(type, value));
  } catch (error) {
    // Our own scalars (DateTime) throw the French message to show.
    const coded = error instanceof GraphQLError && error.extensions?.code;
    report(path, coded ? error.message : leafMessage(type, value));
  }
}

function leafMessage(type: GraphQLInputType, value: unknown): string {
  if (isEnumType(type)) return VARIABLE_MESSAGES.choice;
  if (type === GraphQLInt) {
    return typeof value === 'number' && Number.isInteger(value)
      ? VARIABLE_MESSAGES.integerRange
      : VARIABLE_MESSAGES.integer;
  }
  if (type === GraphQLFloat) return VARIABLE_MESSAGES.number;
  if (type === GraphQLString) return VARIABLE_MESSAGES.text;
  if (type === GraphQLID) return VARIABLE_MESSAGES.id;
  if (type === GraphQLBoolean) return VARIABLE_MESSAGES.boolean;
  return VARIABLE_MESSAGES.invalid;
}
