import type { Viewer } from '../../shared/viewer';
import { ForbiddenError } from '../../shared/errors';

/**
 * Posting as an organization ('Post as <organization>', issue 26): organizations provides it
 * (organizations depends on posts, so posts cannot import it) and services.ts wires it, so who
 * may post as one stays in organizations' policy table.
 */
export interface PostOrganizationGate {
  /** Refuses (403 with the policy's words, or 'Organization not found') unless the viewer may post as it; answers its id. */
  authorizePostAs(viewer: Viewer, organizationId: string): Promise<string>;
}

/** Without the organizations module: a post as an organization is refused rather than stored as the person's. */
export const NO_ORGANIZATIONS: PostOrganizationGate = {
  authorizePostAs() {
    return Promise.reject(new ForbiddenError('Organizations are not available.'));
  },
};
