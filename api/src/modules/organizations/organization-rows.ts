import type DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import { entityRowReader } from '../../infra/db/plain-rows';
import type { Viewer } from '../../shared/viewer';
import type { PostPageCompanion } from '../posts';
import { Organization } from './organization.entity';
import type { OrganizationRole } from './organization.enums';

/**
 * An organization row with the reader's relation to it (role, pending request, follow), read in
 * the statement that lists it: the organizations module's own reads and other modules' lists
 * (search) alike, so `viewerRole`, `viewerMembership`, `viewerIsFollowing` and `viewerCan` cost
 * no statement more.
 */
export interface OrganizationRows {
  /** The organization's columns (table alias `o`) and the relation's. */
  selectList: string;
  /** The joins that give the relation, for the reader `viewer` (an SQL expression: their uid, '' signed out). */
  viewerJoins(viewer: string): string;
  read(row: Record<string, unknown>, viewer: Pick<Viewer, 'uid'> | null): Organization;
}

export function organizationRows(db: DataSource): OrganizationRows {
  const rows = entityRowReader(db, Organization, 'o');
  return {
    selectList: `${rows.selectList}, vr.role AS viewer_role, (rq.user_uid IS NOT NULL) AS viewer_requested,
                 (fo.user_uid IS NOT NULL) AS viewer_follows`,
    viewerJoins: (viewer) => `LEFT JOIN organization_members vr ON vr.organization_id = o.id AND vr.user_uid = ${viewer}
              LEFT JOIN organization_join_requests rq ON rq.organization_id = o.id AND rq.user_uid = ${viewer}
              LEFT JOIN organization_follows fo ON fo.user_uid = ${viewer} AND fo.organization_id = o.id`,
    read: (row, viewer) =>
      Object.assign(rows.read(row), {
        readFor: viewer?.uid ?? '',
        viewerRole: (row.viewer_role as OrganizationRole | null) ?? null,
        viewerRequested: row.viewer_requested === true,
        viewerFollows: row.viewer_follows === true,
      }),
  };
}

/**
 * The organization a post was made as, read in the post list's own statement (posts'
 * PostPageCompanion): the same row and the same rule as the organization loader's (byIds), active
 * unless the viewer is a moderator, so a card's `organization` costs no statement.
 */
export function postOrganizationCompanion(db: DataSource): PostPageCompanion {
  const rows = organizationRows(db);
  return {
    alias: 'po',
    lateral: (viewer) => `SELECT ${rows.selectList} FROM organizations o ${rows.viewerJoins(viewer)}
        WHERE o.id = p.organization_id
          AND (o.status = 'active' OR EXISTS (SELECT 1 FROM users r WHERE r.firebase_uid = ${viewer} AND r.role IN ('moderator', 'admin')))
        LIMIT 1`,
    keyOf: (post) => post.organizationId ?? null,
    found: (row) => row.o_id !== null && row.o_id !== undefined,
    read: (row, viewer) => rows.read(row, viewer),
    prime: (loaders, key, value) =>
      (loaders as { organization?: DataLoader<string, Organization | null> }).organization?.prime(key, value as Organization | null),
  };
}
