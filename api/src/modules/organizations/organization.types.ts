import { Field, ID, InputType, ObjectType } from 'type-graphql';
import { ConnectionType } from '../../shared/graphql/connection';
import { User } from '../users';
import { Organization } from './organization.entity';
import { OrganizationCategory, OrganizationJoinMode, OrganizationRole } from './organization.enums';

export const OrganizationConnection = ConnectionType(Organization, 'Organization');

@ObjectType('OrganizationMember', { description: 'A member of an organization and their role' })
export class OrganizationMember {
  @Field(() => User)
  user!: User;

  @Field(() => OrganizationRole)
  role!: OrganizationRole;

  @Field()
  joinedAt!: Date;
}

export const OrganizationMemberConnection = ConnectionType(OrganizationMember, 'OrganizationMember');

@ObjectType('OrganizationJoinRequest', { description: 'Someone waiting to join an organization by request' })
export class OrganizationJoinRequest {
  @Field(() => User)
  user!: User;

  @Field()
  requestedAt!: Date;
}

export const JoinRequestConnection = ConnectionType(OrganizationJoinRequest, 'JoinRequest');

@InputType()
export class CreateOrganizationInput {
  @Field({ description: '2 to 60 characters' })
  name!: string;

  @Field({ description: 'Its address, /org/<slug>: 3 to 40 lowercase letters, digits or hyphens' })
  slug!: string;

  @Field({ defaultValue: '', description: 'At most 1,000 characters' })
  description!: string;

  @Field(() => OrganizationCategory)
  category!: OrganizationCategory;

  @Field(() => OrganizationJoinMode, { defaultValue: OrganizationJoinMode.OPEN })
  joinMode!: OrganizationJoinMode;

  @Field(() => String, { nullable: true, description: "The media URL of the caller's own finished image upload" })
  photoURL?: string | null;
}

@InputType({ description: 'Only the fields given change; the address (slug) stays' })
export class UpdateOrganizationInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => OrganizationCategory, { nullable: true })
  category?: OrganizationCategory | null;

  @Field(() => OrganizationJoinMode, { nullable: true, description: 'Opening a by-request organization lets everyone waiting in' })
  joinMode?: OrganizationJoinMode | null;

  @Field(() => String, { nullable: true, description: "A new picture (the caller's own image upload); '' removes it" })
  photoURL?: string | null;
}

/** For ids in arguments: the organization's. */
export const OrganizationId = ID;
