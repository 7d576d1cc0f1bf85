import type * as z from 'zod/mini';

export type Checked<T> = { ok: true; value: T } | { ok: false; message: string };

/**
 * One field through its schema: the cleaned value, or the first rule it breaks as the message a
 * student reads. The api adds the message to the field's problems; a form shows it by the field.
 */
export function checkField<S extends z.ZodMiniType>(schema: S, value: z.input<S>): Checked<z.output<S>> {
  const result = schema.safeParse(value);
  if (result.success) return { ok: true, value: result.data };
  return { ok: false, message: result.error.issues[0]?.message ?? 'Invalid input' };
}

/** The message of the first rule `value` breaks, or undefined when it keeps them all. */
export function problemOf<S extends z.ZodMiniType>(schema: S, value: z.input<S>): string | undefined {
  const checked = checkField(schema, value);
  return checked.ok ? undefined : checked.message;
}
