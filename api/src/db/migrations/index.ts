import { InitialSchema1763700000000 } from './1763700000000-initial-schema';

/** Every migration, oldest first. They run on start; the schema is never synchronised from entities. */
export const MIGRATIONS = [InitialSchema1763700000000];
