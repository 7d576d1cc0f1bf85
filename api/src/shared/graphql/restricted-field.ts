import type { GraphQLField } from 'graphql';
import { Extensions, UseMiddleware, type MiddlewareFn } from 'type-graphql';
import { restrictField, type FieldVisibility } from '../field-visibility';
import type { Viewer } from '../viewer';

/** The schema extension that marks a restricted field, for code that reads the built schema. */
const RESTRICTED = 'restrictedField';

/**
 * A GraphQL field (with its own @Field) that answers null to anyone `visible` refuses, and is
 * recorded in shared/field-visibility.ts for the REST presenters. The mark is a schema extension,
 * not SDL: the printed schema does not change.
 */
export function RestrictedField<T>(visible: FieldVisibility<T>): PropertyDecorator {
  const hide: MiddlewareFn<{ viewer: Viewer | null }> = async ({ root, context }, next) =>
    visible(context.viewer, root as T) ? next() : null;
  return (target, key) => {
    restrictField(target.constructor, String(key), visible);
    UseMiddleware(hide)(target, key);
    Extensions({ [RESTRICTED]: true })(target, key);
  };
}

/** Whether a field of the built schema was declared with RestrictedField (its value depends on who asks). */
export function isRestrictedField(field: Pick<GraphQLField<unknown, unknown>, 'extensions'>): boolean {
  return field.extensions?.[RESTRICTED] === true;
}
