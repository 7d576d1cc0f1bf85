import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Organizations (issue 26, D17): clubs and societies with a page at /org/:slug.
 * - `organizations`: name, unique slug (its address), description, category, join mode, campus,
 *   picture, `member_count` (a trigger keeps it) and `status` (active; hidden or suspended by a
 *   moderator: then nobody but moderators sees it).
 * - `organization_members` with their role; exactly one owner per organization (a partial unique
 *   index; the service keeps the "at least one"). `role_rank` orders a members page officers first
 *   (owner 0, officers 1, members 2) through one index. When an owner's account is deleted, the
 *   longest-serving officer (else member) becomes owner; an organization left with nobody goes.
 * - `organization_join_requests` (by-request organizations) and `organization_follows`.
 * - `posts.organization_id`: a post made as the organization by one of its officers (its author
 *   stays the person); its newest posts and upcoming events are walked through their own indexes.
 * - `users.show_organizations`: whether a profile lists the organizations the student belongs to.
 * - Notifications of join requests (to officers, grouped while unread), their outcome (to the
 *   requester) and an organization's new events (to its members; `organization_events` setting).
 * - Reports and moderators' decisions about an organization.
 */
export class Organizations1764900000000 implements MigrationInterface {
  name = 'Organizations1764900000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`
      CREATE TABLE organizations (
        id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
        slug text NOT NULL CHECK (slug ~ '^[a-z0-9][a-z0-9-]{1,38}[a-z0-9]$'),
        name text NOT NULL CHECK (btrim(name) <> '' AND char_length(name) <= 60),
        description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 1000),
        category text NOT NULL CHECK (category IN ('academic', 'arts', 'culture', 'media', 'professional', 'religious', 'service',
          'sports', 'student_government', 'other')),
        join_mode text NOT NULL DEFAULT 'open' CHECK (join_mode IN ('open', 'request')),
        campus_id uuid REFERENCES campuses (id) ON DELETE SET NULL,
        photo_url text,
        member_count integer NOT NULL DEFAULT 0 CHECK (member_count >= 0),
        status text NOT NULL DEFAULT 'active' CHECK (status IN ('active', 'hidden', 'suspended')),
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        updated_at timestamptz(3) NOT NULL DEFAULT now()
      )`);
    await runner.query(`CREATE UNIQUE INDEX organizations_slug ON organizations (slug)`);
    // The directory: a campus's organizations, most members first.
    await runner.query(`CREATE INDEX organizations_campus ON organizations (campus_id, member_count DESC, id)`);

    await runner.query(`
      CREATE TABLE organization_members (
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        role text NOT NULL DEFAULT 'member' CHECK (role IN ('owner', 'officer', 'member')),
        role_rank smallint GENERATED ALWAYS AS (CASE role WHEN 'owner' THEN 0 WHEN 'officer' THEN 1 ELSE 2 END) STORED,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, user_uid)
      )`);
    await runner.query(`CREATE UNIQUE INDEX organization_members_one_owner ON organization_members (organization_id) WHERE role = 'owner'`);
    await runner.query(`CREATE INDEX organization_members_page ON organization_members (organization_id, role_rank, created_at, user_uid)`);
    await runner.query(`CREATE INDEX organization_members_by_user ON organization_members (user_uid, organization_id)`);

    await runner.query(`
      CREATE TABLE organization_join_requests (
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (organization_id, user_uid)
      )`);
    await runner.query(
      `CREATE INDEX organization_join_requests_page ON organization_join_requests (organization_id, created_at, user_uid)`,
    );
    await runner.query(`CREATE INDEX organization_join_requests_by_user ON organization_join_requests (user_uid)`);

    await runner.query(`
      CREATE TABLE organization_follows (
        organization_id uuid NOT NULL REFERENCES organizations (id) ON DELETE CASCADE,
        user_uid text NOT NULL REFERENCES users (firebase_uid) ON DELETE CASCADE,
        created_at timestamptz(3) NOT NULL DEFAULT now(),
        PRIMARY KEY (user_uid, organization_id)
      )`);
    await runner.query(`CREATE INDEX organization_follows_by_organization ON organization_follows (organization_id)`);

    await runner.query(`
      CREATE FUNCTION count_organization_member() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          UPDATE organizations SET member_count = member_count + 1 WHERE id = NEW.organization_id;
        ELSE
          UPDATE organizations SET member_count = member_count - 1 WHERE id = OLD.organization_id;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER organization_members_count AFTER INSERT OR DELETE ON organization_members
         FOR EACH ROW EXECUTE FUNCTION count_organization_member()`,
    );
    // An owner whose account is deleted (the only way an owner's row goes without the service's
    // hand-over): the longest-serving officer, else member, takes over; nobody left, the
    // organization goes. Skipped when the organization itself is being deleted.
    await runner.query(`
      CREATE FUNCTION organization_owner_gone() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        heir text;
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM organizations WHERE id = OLD.organization_id) THEN
          RETURN NULL;
        END IF;
        IF EXISTS (SELECT 1 FROM organization_members WHERE organization_id = OLD.organization_id AND role = 'owner') THEN
          RETURN NULL;
        END IF;
        SELECT user_uid INTO heir FROM organization_members WHERE organization_id = OLD.organization_id
         ORDER BY role_rank, created_at, user_uid LIMIT 1;
        IF heir IS NULL THEN
          DELETE FROM organizations WHERE id = OLD.organization_id;
        ELSE
          UPDATE organization_members SET role = 'owner' WHERE organization_id = OLD.organization_id AND user_uid = heir;
        END IF;
        RETURN NULL;
      END $$`);
    await runner.query(
      `CREATE TRIGGER organization_members_owner_gone AFTER DELETE ON organization_members
         FOR EACH ROW WHEN (OLD.role = 'owner') EXECUTE FUNCTION organization_owner_gone()`,
    );

    await runner.query(`ALTER TABLE posts ADD COLUMN organization_id uuid REFERENCES organizations (id) ON DELETE SET NULL`);
    await runner.query(
      `CREATE INDEX posts_organization_recent ON posts (organization_id, created_at DESC, id DESC) WHERE organization_id IS NOT NULL`,
    );
    await runner.query(
      `CREATE INDEX posts_organization_event_upcoming ON posts (organization_id, event_starts_at, id)
         WHERE event_starts_at IS NOT NULL AND organization_id IS NOT NULL`,
    );

    await runner.query(`ALTER TABLE users ADD COLUMN show_organizations boolean NOT NULL DEFAULT true`);

    await runner.query(`ALTER TABLE notifications ADD COLUMN organization_id uuid REFERENCES organizations (id) ON DELETE CASCADE`);
    await runner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`);
    await runner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_post_kinds`);
    await runner.query(`
      ALTER TABLE notifications
        ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('like', 'comment', 'mention', 'follow', 'moderation',
          'join_request', 'join_approved', 'join_declined', 'organization_event')),
        ADD CONSTRAINT notifications_post_kinds CHECK ((post_id IS NOT NULL) = (kind IN ('like', 'comment', 'mention', 'organization_event'))),
        ADD CONSTRAINT notifications_organization_kinds CHECK (
          (organization_id IS NOT NULL) = (kind IN ('join_request', 'join_approved', 'join_declined', 'organization_event')))`);
    // One unread group of join requests per organization and officer; one event notification per post and member.
    await runner.query(
      `CREATE UNIQUE INDEX notifications_open_join_requests ON notifications (recipient_uid, organization_id)
         WHERE kind = 'join_request' AND read_at IS NULL`,
    );
    await runner.query(
      `CREATE UNIQUE INDEX notifications_one_organization_event ON notifications (recipient_uid, post_id) WHERE kind = 'organization_event'`,
    );
    await runner.query(`CREATE INDEX notifications_by_organization ON notifications (organization_id) WHERE organization_id IS NOT NULL`);
    await runner.query(`ALTER TABLE notification_settings ADD COLUMN organization_events boolean NOT NULL DEFAULT true`);

    await runner.query(`ALTER TABLE reports DROP CONSTRAINT reports_target_type_check`);
    await runner.query(
      `ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('post', 'comment', 'user', 'organization'))`,
    );
    await runner.query(`ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_target_type_check`);
    await runner.query(
      `ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_target_type_check
         CHECK (target_type IN ('post', 'comment', 'user', 'organization'))`,
    );
    await runner.query(`ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_action_check`);
    await runner.query(
      `ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_action_check
         CHECK (action IN ('dismiss', 'remove', 'warn', 'suspend', 'unsuspend', 'grant', 'revoke', 'hide', 'unhide'))`,
    );
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DELETE FROM moderation_actions WHERE target_type = 'organization' OR action IN ('hide', 'unhide')`);
    await runner.query(`DELETE FROM reports WHERE target_type = 'organization'`);
    await runner.query(`ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_action_check`);
    await runner.query(
      `ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_action_check
         CHECK (action IN ('dismiss', 'remove', 'warn', 'suspend', 'unsuspend', 'grant', 'revoke'))`,
    );
    await runner.query(`ALTER TABLE moderation_actions DROP CONSTRAINT moderation_actions_target_type_check`);
    await runner.query(
      `ALTER TABLE moderation_actions ADD CONSTRAINT moderation_actions_target_type_check CHECK (target_type IN ('post', 'comment', 'user'))`,
    );
    await runner.query(`ALTER TABLE reports DROP CONSTRAINT reports_target_type_check`);
    await runner.query(`ALTER TABLE reports ADD CONSTRAINT reports_target_type_check CHECK (target_type IN ('post', 'comment', 'user'))`);
    await runner.query(`ALTER TABLE notification_settings DROP COLUMN organization_events`);
    await runner.query(`DELETE FROM notifications WHERE organization_id IS NOT NULL`);
    await runner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_organization_kinds`);
    await runner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_post_kinds`);
    await runner.query(`ALTER TABLE notifications DROP CONSTRAINT notifications_kind_check`);
    await runner.query(`
      ALTER TABLE notifications
        ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('like', 'comment', 'mention', 'follow', 'moderation')),
        ADD CONSTRAINT notifications_post_kinds CHECK ((post_id IS NOT NULL) = (kind IN ('like', 'comment', 'mention')))`);
    await runner.query(`ALTER TABLE notifications DROP COLUMN organization_id`);
    await runner.query(`ALTER TABLE users DROP COLUMN show_organizations`);
    await runner.query(`ALTER TABLE posts DROP COLUMN organization_id`);
    await runner.query(`DROP TABLE organization_follows`);
    await runner.query(`DROP TABLE organization_join_requests`);
    await runner.query(`DROP TRIGGER organization_members_owner_gone ON organization_members`);
    await runner.query(`DROP TRIGGER organization_members_count ON organization_members`);
    await runner.query(`DROP TABLE organization_members`);
    await runner.query(`DROP FUNCTION organization_owner_gone()`);
    await runner.query(`DROP FUNCTION count_organization_member()`);
    await runner.query(`DROP TABLE organizations`);
  }
}
