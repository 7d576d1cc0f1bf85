import { Field, ID, Int, ObjectType } from 'type-graphql';
import { Column, CreateDateColumn, Entity, PrimaryColumn, UpdateDateColumn } from 'typeorm';
import { LocalDateScalar } from '../../shared/graphql/scalars';
import type { StoredPicture } from '../uploads';
import { OwnerOnly } from './user.policy';

/**
 * A student's profile. `email` and `dateOfBirth` are @OwnerOnly() (D9): only their owner reads
 * them, through GraphQL, the REST documents or a live subscription (users' policy decides).
 */
@ObjectType('User')
@Entity('users')
export class User {
  @Field(() => ID, { description: "The identity provider's uid (firebaseUid)" })
  @PrimaryColumn({ name: 'firebase_uid', type: 'text' })
  id!: string;

  @Field(() => String, { nullable: true, description: 'Visible to its owner only' })
  @OwnerOnly()
  @Column({ type: 'text', nullable: true })
  email!: string | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'display_name', type: 'text', nullable: true })
  displayName!: string | null;

  @Field(() => String, { nullable: true })
  @Column({ name: 'photo_url', type: 'text', nullable: true })
  photoURL!: string | null;

  /**
   * The sized copies of the photo at photo_url (uploads' siblings of that file, smallest first;
   * [] for none or a photo from the identity provider), written with photo_url in one transaction
   * (UserService.writeProfile), so User.photoSources costs no statement for a page of authors.
   */
  @Column({ name: 'photo_sources', type: 'jsonb', default: () => "'[]'" })
  photoSources!: StoredPicture[];

  @Field(() => LocalDateScalar, { nullable: true, description: 'Visible to its owner only' })
  @OwnerOnly()
  @Column({ name: 'date_of_birth', type: 'date', nullable: true })
  dateOfBirth!: string | null;

  @Field(() => String, { nullable: true })
  @Column({ type: 'text', default: '' })
  bio!: string;

  @Field(() => [String])
  @Column({ type: 'text', array: true, default: () => "'{}'" })
  interests!: string[];

  @Field(() => Int)
  @Column({ name: 'follower_count', type: 'integer', default: 0 })
  followerCount!: number;

  @Field(() => Int)
  @Column({ name: 'following_count', type: 'integer', default: 0 })
  followingCount!: number;

  /** Every post of this student, as they see their own profile (GraphQL's postCount: `postCountSeenBy`). */
  @Column({ name: 'post_count', type: 'integer', default: 0 })
  postCount!: number;

  /** The posts anyone may see by their own state: ready and not hidden for review (a trigger keeps it). */
  @Column({ name: 'public_post_count', type: 'integer', default: 0 })
  publicPostCount!: number;

  /**
   * The campus the student's e-mail domain names (campuses/), or null: open sign-up lets anyone
   * join, and an address on no campus joins none. GraphQL's `campus` resolves it.
   */
  @Column({ name: 'campus_id', type: 'uuid', nullable: true })
  campusId!: string | null;

  /**
   * The token's `email_verified`, stored at each sign-in sync and whenever a verified token says
   * otherwise (UserService.noteEmailVerified), so other people see the badge. What a request may do
   * is decided by the request's own token, never by this column.
   */
  @Field({ description: 'The student verified their e-mail address (the badge beside the name)' })
  @Column({ type: 'boolean', default: false })
  verified!: boolean;

  /** Whether the profile lists the organizations the student belongs to (their choice; organizations/ reads it). */
  @Field({ description: 'The profile lists the organizations they belong to (their choice, in Settings)' })
  @Column({ name: 'show_organizations', type: 'boolean', default: true })
  showOrganizations!: boolean;

  /** Set while a moderator's suspension lasts (moderation/): nobody sees this student's posts meanwhile. */
  @Column({ name: 'suspended_until', type: 'timestamptz', precision: 3, nullable: true })
  suspendedUntil!: Date | null;

  @Field()
  @CreateDateColumn({ name: 'created_at', type: 'timestamptz', precision: 3 })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz', precision: 3 })
  updatedAt!: Date;
}
