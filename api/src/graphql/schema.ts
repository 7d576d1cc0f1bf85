import type { GraphQLSchema } from 'graphql';
import { buildSchema, type PubSub } from 'type-graphql';
import { RESOLVERS } from '../modules/resolvers';
import { authChecker } from '../shared/graphql/access';

/** The schema from the resolver classes. `emitTo` writes the SDL (the committed schema.graphql). */
export async function buildAppSchema(pubSub: PubSub, emitTo?: string): Promise<GraphQLSchema> {
  return buildSchema({
    resolvers: RESOLVERS,
    authChecker,
    // Rules live in the services (one place per rule), so class-validator is not used here.
    validate: false,
    pubSub,
    emitSchemaFile: emitTo ? { path: emitTo, sortedSchema: true } : false,
  });
}
