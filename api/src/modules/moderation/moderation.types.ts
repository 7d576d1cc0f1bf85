import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { User } from '../users';

export enum ReportTarget {
  POST = 'post',
  COMMENT = 'comment',
  USER = 'user',
  /** An organization's name, picture or description (organizations/ reports it through ModerationService.report). */
  ORGANIZATION = 'organization',
}
registerEnumType(ReportTarget, { name: 'ReportTarget' });

export enum ReportReason {
  SPAM = 'spam',
  HARASSMENT = 'harassment',
  SEXUAL = 'sexual',
  VIOLENCE = 'violence',
  SELF_HARM = 'self_harm',
  HATE = 'hate',
  OTHER = 'other',
}
registerEnumType(ReportReason, {
  name: 'ReportReason',
  description: 'Spam; harassment or bullying; sexual content; violence; self-harm; hate; other',
});

export enum ModerationDecision {
  DISMISS = 'dismiss',
  REMOVE = 'remove',
  WARN = 'warn',
  SUSPEND = 'suspend',
  UNSUSPEND = 'unsuspend',
}
registerEnumType(ModerationDecision, { name: 'ModerationDecision' });

export enum QueueOrder {
  NEWEST = 'newest',
  MOST_REPORTED = 'most_reported',
}
registerEnumType(QueueOrder, { name: 'QueueOrder' });

/** What the signed-in account may do: the web shows the moderation queue to moderators and admins. */
export enum AccountRole {
  STUDENT = 'student',
  MODERATOR = 'moderator',
  ADMIN = 'admin',
}
registerEnumType(AccountRole, { name: 'AccountRole' });

@InputType()
export class ReportInput {
  @Field(() => ReportTarget)
  targetType!: ReportTarget;

  @Field(() => ID)
  targetId!: string;

  @Field(() => ReportReason)
  reason!: ReportReason;

  @Field(() => String, { nullable: true, description: 'At most 1,000 characters' })
  details?: string | null;
}

@InputType()
export class ModerateInput {
  @Field(() => ReportTarget)
  targetType!: ReportTarget;

  @Field(() => ID)
  targetId!: string;

  @Field(() => ModerationDecision)
  decision!: ModerationDecision;

  @Field({ description: 'Why: kept in the audit log, and told to the author for REMOVE, WARN and SUSPEND' })
  note!: string;

  @Field(() => Int, { nullable: true, description: 'SUSPEND: for this many days; omitted means for good' })
  days?: number | null;
}

@ObjectType({ description: 'What a reporter is told' })
export class ReportReceipt {
  @Field()
  message!: string;
}

@ObjectType({ description: 'Open reports of one post, comment or account' })
export class ReportGroup {
  @Field(() => ReportTarget)
  targetType!: ReportTarget;

  @Field(() => ID)
  targetId!: string;

  @Field(() => User, { nullable: true })
  targetAuthor!: User | null;

  @Field({ description: "The caption, the comment's text, or the account's name" })
  content!: string;

  @Field(() => String, { nullable: true, description: "A post's video, for the moderator to watch" })
  videoUrl!: string | null;

  @Field(() => [ReportReason])
  reasons!: ReportReason[];

  @Field(() => [String], { description: "Reporters' details, newest first" })
  details!: string[];

  @Field(() => Int, { description: 'How many students reported it' })
  reporterCount!: number;

  @Field()
  latestAt!: Date;

  @Field(() => [String], { description: "The author's earlier outcomes, newest first (e.g. 'remove: spam links')" })
  authorHistory!: string[];

  @Field({ description: "The author's account is suspended now (moderators lift it from here)" })
  authorSuspended!: boolean;

  @Field(() => Date, { nullable: true, description: "When the author's suspension ends; null when not suspended or suspended for good" })
  authorSuspendedUntil!: Date | null;
}

@ObjectType()
export class AuditEntry {
  @Field(() => ID)
  id!: string;

  @Field()
  moderatorUid!: string;

  @Field(() => String, { nullable: true, description: "The moderator's name now; null for the command line or a deleted account" })
  moderatorName!: string | null;

  @Field()
  action!: string;

  @Field(() => ReportTarget)
  targetType!: ReportTarget;

  @Field(() => ID)
  targetId!: string;

  @Field()
  targetAuthorUid!: string;

  @Field(() => String, { nullable: true, description: "The author's name now; null once the account is deleted" })
  targetAuthorName!: string | null;

  @Field()
  note!: string;

  @Field()
  createdAt!: Date;
}

@ObjectType({ description: 'What the moderators told you (a removal, a warning, a suspension)' })
export class ModerationNotice {
  @Field(() => ID)
  id!: string;

  @Field()
  message!: string;

  @Field()
  createdAt!: Date;
}

@ObjectType({ description: 'A moderator or an admin' })
export class TeamMember {
  @Field(() => User)
  user!: User;

  @Field(() => AccountRole)
  role!: AccountRole;
}
