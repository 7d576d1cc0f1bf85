import { InitialSchema1763700000000 } from './1763700000000-initial-schema';
import { UploadMediaPaths1763800000000 } from './1763800000000-upload-media-paths';
import { PostUploadLookups1763900000000 } from './1763900000000-post-upload-lookups';

/** Every migration, oldest first. They run on start; the schema is never synchronised from entities. */
export const MIGRATIONS = [InitialSchema1763700000000, UploadMediaPaths1763800000000, PostUploadLookups1763900000000];
