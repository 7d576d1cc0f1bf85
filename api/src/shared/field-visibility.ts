import type { Viewer } from './viewer';

/**
 * Fields of an entity that not everyone may read, declared once on the entity (users' @OwnerOnly()
 * on User.email and User.dateOfBirth). Every way out reads this: GraphQL answers null
 * (shared/graphql/restricted-field.ts), the REST presenters add only `visibleRestrictedFields`, and
 * live subscriptions selecting one are never shared between subscribers.
 */
export type FieldVisibility<T> = (viewer: Viewer | null, entity: T) => boolean;

type EntityClass<T> = abstract new (...args: never[]) => T;

const restricted = new WeakMap<object, Map<string, FieldVisibility<never>>>();

/** Records that `field` of `type` is readable only where `visible` says so. */
export function restrictField<T>(type: object, field: string, visible: FieldVisibility<T>): void {
  let fields = restricted.get(type);
  if (!fields) restricted.set(type, (fields = new Map()));
  fields.set(field, visible as FieldVisibility<never>);
}

/**
 * The restricted fields of `entity` that `viewer` may read, with their values (an empty object for
 * anyone else): what a presenter adds to the fields everyone sees. `entity` may be a plain row.
 */
export function visibleRestrictedFields<T extends object>(type: EntityClass<T>, entity: T, viewer: Viewer | null): Partial<T> {
  const visible: Partial<T> = {};
  for (const [field, rule] of restricted.get(type) ?? []) {
    if ((rule as FieldVisibility<T>)(viewer, entity)) visible[field as keyof T] = entity[field as keyof T];
  }
  return visible;
}
