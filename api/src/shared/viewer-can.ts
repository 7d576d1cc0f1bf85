import type { Policy, Rule, SubjectOf } from './policy';
import type { Viewer } from './viewer';

/**
 * A policy row a GraphQL type answers as `viewerCan.<field>`, as Outline sends `policies` with
 * its documents: the client asks instead of copying the rule. The field names the policy's action
 * and how to read the action's subject from the object in hand, nothing more, so the rule stays
 * in its policy table (one place) and the answer costs no statement of its own.
 */
export interface Exposed<Root> {
  readonly policy: Policy<Record<string, Rule<never>>>;
  readonly action: string;
  subject(root: Root): unknown;
}

export function exposed<R extends Record<string, Rule<never>>, A extends keyof R & string, Root>(
  policy: Policy<R>,
  action: A,
  subject: (root: Root) => SubjectOf<R[A]>,
): Exposed<Root> {
  return { policy: policy as unknown as Exposed<Root>['policy'], action, subject };
}

/**
 * The policy's answer for this viewer. (A live event shared between subscribers shares these only
 * between subscribers the same rows answer alike: graphql/shared-subscribe.ts.)
 */
export function viewerCan<Root>(rule: Exposed<Root>, viewer: Viewer | null, root: Root): boolean {
  return rule.policy.can(viewer, rule.action, rule.subject(root) as never);
}

/** The `viewerCan` fields of one GraphQL type, by field name. */
export type ViewerCanFields<Root> = Record<string, Exposed<Root>>;
