import { lexicographicSortSchema, printSchema } from 'graphql';
import { createAppPubSub } from '../infra/pubsub/pubsub';
import { buildAppSchema } from './schema';

const HEADER = "# Generated from the api's type-graphql classes by `npm run schema -w api`. Do not edit.\n\n";

/** The schema as committed in /schema.graphql: sorted, so the file changes only when the API does. */
export async function schemaSdl(): Promise<string> {
  const schema = await buildAppSchema(createAppPubSub(null));
  return `${HEADER}${printSchema(lexicographicSortSchema(schema))}\n`;
}
