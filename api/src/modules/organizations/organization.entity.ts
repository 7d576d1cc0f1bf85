import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import { OrganizationCategory, OrganizationJoinMode, type OrganizationRole, OrganizationStatus } from './organization.enums';

/**
 * A club or society (issue 26, D17): its page is /org/:slug. The viewer's own relation to it
 * (role, pending request, follow) is read with the row, in the same statement, so a page of
 * organizations answers `viewerRole`, `viewerMembership`, `viewerIsFollowing` and `viewerCan`
 * without a statement more.
 */
@ObjectType('Organization', { description: 'A club or society: its page is /org/:slug' })
@Entity('organizations')
export class Organization {
  @Field(() => ID)
  @PrimaryGeneratedColumn('uuid')
  id!: string;

  @Field({ description: 'Its short address: /org/<slug>; lowercase letters, digits and hyphens' })
  @Column({ type: 'text' })
  slug!: string;

  @Field()
  @Column({ type: 'text' })
  name!: string;

  @Field({ description: 'At most 1,000 characters' })
  @Column({ type: 'text', default: '' })
  description!: string;

  @Field(() => OrganizationCategory)
  @Column({ type: 'text' })
  category!: OrganizationCategory;

  @Field(() => OrganizationJoinMode)
  @Column({ name: 'join_mode', type: 'text', default: OrganizationJoinMode.OPEN })
  joinMode!: OrganizationJoinMode;

  /** Its founder's campus when it was made (GraphQL's `campus` resolves it). */
  @Column({ name: 'campus_id', type: 'uuid', nullable: true })
  campusId!: string | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'photo_url', type: 'text', nullable: true })
  photoURL!: string | null;

  @Field(() => Int, { description: 'Members, officers and the owner' })
  @Column({ name: 'member_count', type: 'integer', default: 0 })
  memberCount!: number;

  /** Active; hidden or suspended by a moderator: then only moderators see it. */
  @Field(() => OrganizationStatus, { description: 'ACTIVE for everyone but moderators (nobody else sees another)' })
  @Column({ type: 'text', default: OrganizationStatus.ACTIVE })
  status!: OrganizationStatus;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt!: Date;

  /** Whose relation the three fields below describe (the reader's uid; '' signed out). */
  readFor!: string;

  /** The reader's role in it (null: not a member), read with the row for that reader. */
  viewerRole!: OrganizationRole | null;

  /** The reader has asked to join and not been answered yet. */
  viewerRequested!: boolean;

  /** The reader follows it. */
  viewerFollows!: boolean;
}

/** A membership row (the members page's node reads the person through the request's loader). */
@Entity('organization_members')
export class OrganizationMembership {
  @PrimaryColumn({ name: 'organization_id', type: 'uuid' })
  organizationId!: string;

  @PrimaryColumn({ name: 'user_uid', type: 'text' })
  userUid!: string;

  @Column({ type: 'text' })
  role!: OrganizationRole;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;
}
