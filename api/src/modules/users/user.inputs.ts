import { Field, InputType } from 'type-graphql';
import { LocalDateScalar } from '../../shared/graphql/scalars';

@InputType()
export class SyncUserInput {
  @Field(() => String, { nullable: true })
  displayName?: string | null;

  @Field(() => String, { nullable: true, description: "The caller's own uploaded image, or the identity provider's photo" })
  photoURL?: string | null;

  @Field(() => LocalDateScalar, { nullable: true })
  dateOfBirth?: string | null;
}

@InputType()
export class UpdateProfileInput extends SyncUserInput {
  @Field(() => String, { nullable: true })
  bio?: string | null;

  @Field(() => [String], { nullable: true, description: 'Names from interestCatalogue' })
  interests?: string[] | null;

  @Field(() => Boolean, { nullable: true, description: 'Whether the profile lists the organizations they belong to' })
  showOrganizations?: boolean | null;
}
