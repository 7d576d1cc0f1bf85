import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { ConnectionType } from '../../shared/graphql/connection';

export enum NotificationKind {
  LIKE = 'like',
  COMMENT = 'comment',
  MENTION = 'mention',
  FOLLOW = 'follow',
  MODERATION = 'moderation',
  /** Officers: someone asked to join their organization (grouped per organization while unread). */
  JOIN_REQUEST = 'join_request',
  /** The requester: an officer approved their request. */
  JOIN_APPROVED = 'join_approved',
  /** The requester: an officer declined their request. */
  JOIN_DECLINED = 'join_declined',
  /** Members: a new event posted as their organization. */
  ORGANIZATION_EVENT = 'organization_event',
}
registerEnumType(NotificationKind, { name: 'NotificationKind' });

/**
 * One notification as its reader sees it. `actors` and `post` are resolved per page through the
 * request's loaders (notification.resolver.ts); the service hands over their ids.
 */
@ObjectType({
  description: "Something that happened to the reader's posts or account; likes on one post and new followers are grouped while unread",
})
export class Notification {
  @Field(() => ID)
  id!: string;

  @Field(() => NotificationKind)
  kind!: NotificationKind;

  /** The newest visible actors (at most 3), newest first; resolved into `actors`. */
  actorUids!: string[];

  @Field(() => Int, { description: 'How many people the reader may see are grouped here (at least actors.length)' })
  actorCount!: number;

  /** LIKE, COMMENT, MENTION: the post concerned; resolved into `post`. */
  postId!: string | null;

  /** JOIN_REQUEST, JOIN_APPROVED, JOIN_DECLINED, ORGANIZATION_EVENT: the organization (organizations/ resolves `organization`). */
  organizationId!: string | null;

  @Field(() => ID, { nullable: true, description: 'COMMENT, and a MENTION in a comment' })
  commentId!: string | null;

  @Field(() => String, { nullable: true, description: "A comment's text (an excerpt) or the moderators' message" })
  text!: string | null;

  @Field({ description: 'The newest event in the group' })
  createdAt!: Date;

  @Field()
  read!: boolean;
}

export const NotificationConnection = ConnectionType(Notification, 'Notification');

@ObjectType({ description: 'Which kinds of notification the student gets (all on until turned off)' })
export class NotificationSettings {
  @Field()
  likes!: boolean;

  @Field()
  comments!: boolean;

  @Field()
  mentions!: boolean;

  @Field()
  follows!: boolean;

  @Field()
  moderation!: boolean;

  @Field({ description: "New events of the student's organizations" })
  organizationEvents!: boolean;
}

@InputType({ description: 'Only the kinds named change' })
export class NotificationSettingsInput {
  @Field(() => Boolean, { nullable: true })
  likes?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  comments?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  mentions?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  follows?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  moderation?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  organizationEvents?: boolean | null;
}
