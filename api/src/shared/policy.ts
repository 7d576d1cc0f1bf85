import { ForbiddenError, UnauthenticatedError, UnverifiedEmailError, type AppError } from './errors';
import type { Viewer } from './viewer';

/**
 * Who may do what, as one table per feature (`modules/<feature>/<feature>.policy.ts`), in the
 * manner of Outline's `allow(User, ['update', 'delete'], Comment, ...)`: each action names the
 * subject it judges, a rule, and what a refusal says. Services call `authorize(...)`; field
 * visibility and the REST adapter ask `policy.can(...)`; nothing else decides.
 */

/**
 * The roles a signed-in person can hold: the `users.role` column, which the viewer carries
 * (infra/identity/account-standing.ts); `actorOf` reads an absent role as 'student'.
 */
export type Role = 'student' | 'moderator' | 'admin';

/** Who a rule judges: the caller's uid and role, and whether their e-mail is verified (D16). */
export interface Actor {
  readonly uid: string;
  readonly role: Role;
  readonly emailVerified: boolean;
}

/**
 * A viewer, or an actor the api names itself (an upload's claimant, the command line). A Viewer
 * always carries its token's `emailVerified`; an actor the api names is not a signed-in caller and
 * passes the e-mail gate.
 */
export type ActorSource = Pick<Viewer, 'uid'> & { role?: Role; emailVerified?: boolean };

export function actorOf(source: ActorSource): Actor {
  return { uid: source.uid, role: source.role ?? 'student', emailVerified: source.emailVerified ?? true };
}

export interface Rule<Subject> {
  /** What a refusal says, as the user reads it. */
  readonly message: string;
  allow(actor: Actor, subject: Subject): boolean;
  /** The refusal when it is not a 403 (following oneself is an input problem, a 400). */
  refuse?(message: string): AppError;
  /**
   * D16: only an account whose e-mail is verified may do this (post, comment, report...). The one
   * place the e-mail gate is decided: `can` answers false for an unverified actor whatever `allow`
   * says, and `authorize` refuses with 'Please verify your e-mail address first.'
   * (FORBIDDEN_UNVERIFIED) before the row's own rule is asked.
   */
  readonly verifiedOnly?: boolean;
}

type Rules = Record<string, Rule<never>>;
export type SubjectOf<R> = R extends Rule<infer Subject> ? Subject : never;

export interface Policy<R extends Rules> {
  readonly rules: R;
  /** May this viewer do `action` to `subject`? A signed-out visitor may do none of them. */
  can<A extends keyof R & string>(viewer: ActorSource | null, action: A, subject: SubjectOf<R[A]>): boolean;
}

export function definePolicy<R extends Rules>(rules: R): Policy<R> {
  return {
    rules,
    can(viewer, action, subject) {
      if (viewer === null) return false;
      const rule = rules[action] as Rule<typeof subject>;
      const actor = actorOf(viewer);
      return (!rule.verifiedOnly || actor.emailVerified) && rule.allow(actor, subject);
    },
  };
}

/** The error a refusal of `action` raises (ForbiddenError with its message, unless the rule names another). */
export function refusal<R extends Rules>(policy: Policy<R>, action: keyof R & string): AppError {
  const rule = policy.rules[action] as Rule<unknown>;
  return rule.refuse ? rule.refuse(rule.message) : new ForbiddenError(rule.message);
}

/** Throws the action's refusal (ForbiddenError with its message, unless the rule names another) when the policy says no. */
export function authorize<R extends Rules, A extends keyof R & string>(
  policy: Policy<R>,
  viewer: ActorSource,
  action: A,
  subject: SubjectOf<R[A]>,
): void {
  if (policy.can(viewer, action, subject)) return;
  authorizeEmail(policy, viewer, action);
  throw refusal(policy, action);
}

/**
 * The e-mail gate of a `verifiedOnly` row on its own: throws UnverifiedEmailError for an actor
 * whose e-mail is not verified. For a service that must refuse before it reads the row's subject
 * (a report is refused before its target is looked up); `authorize` asks it too.
 */
export function authorizeEmail<R extends Rules>(policy: Policy<R>, viewer: ActorSource, action: keyof R & string): void {
  if ((policy.rules[action] as Rule<unknown>).verifiedOnly && !actorOf(viewer).emailVerified) throw new UnverifiedEmailError();
}

/**
 * The signed-in caller, or UnauthenticatedError. Each entry calls it once for a call that acts for
 * someone (GraphQL's @SignedIn parameter, the REST router for routes with access 'user'); services
 * then take a non-null Viewer.
 */
export function requireViewer(viewer: Viewer | null): Viewer {
  if (!viewer) throw new UnauthenticatedError();
  return viewer;
}

/**
 * The policy as a table: for each action (with its subject), each named viewer's answer. The
 * policies' unit tests compare it whole, so a flipped rule shows as one changed cell.
 */
export function policyAnswers<R extends Rules, V extends string>(
  policy: Policy<R>,
  viewers: Record<V, ActorSource | null>,
  subjects: { [A in keyof R & string]: SubjectOf<R[A]> },
): Record<keyof R & string, Record<V, boolean>> {
  const table = {} as Record<keyof R & string, Record<V, boolean>>;
  for (const action of Object.keys(subjects) as Array<keyof R & string>) {
    table[action] = {} as Record<V, boolean>;
    for (const name of Object.keys(viewers) as V[]) table[action][name] = policy.can(viewers[name], action, subjects[action]);
  }
  return table;
}
