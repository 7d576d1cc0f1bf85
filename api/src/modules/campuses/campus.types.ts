import { Field, ObjectType, registerEnumType } from 'type-graphql';
import { Campus } from './campus.entity';

/** Which campuses a discovery list (Explore, Events, the people directory) shows. */
export enum CampusScope {
  /** The viewer's own campus; everything for a viewer with no campus, or signed out. */
  MINE = 'MINE',
  ALL = 'ALL',
}
registerEnumType(CampusScope, {
  name: 'CampusScope',
  description: "MINE: the viewer's campus (the same as ALL for a viewer with no campus, or signed out); ALL: every campus",
});

/** Who may join (SIGNUP_MODE): only addresses on a campus domain, or anyone. */
export type SignupMode = 'restricted' | 'open';

@ObjectType('SignUpCheck', { description: 'Whether an address may sign up, asked before the identity account is created' })
export class SignUpCheck {
  @Field()
  allowed!: boolean;

  @Field(() => String, { nullable: true, description: 'Why not, for the sign-up form; null when allowed' })
  message!: string | null;

  @Field(() => Campus, { nullable: true, description: "The campus the address's domain names, if any" })
  campus!: Campus | null;
}

export const CAMPUS_MESSAGES = {
  /** A restricted sign-up with an address on no campus domain (D16). */
  universityEmail: 'Please use your university e-mail address.',
} as const;
