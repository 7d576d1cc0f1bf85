import type { Checked } from './check';

/** A whole form checked at once: the cleaned values, or each field's first problem by the api's field name. */
export type FormChecked<T> = { ok: true; value: T } | { ok: false; problems: Record<string, string> };

/**
 * Several fields' checks as one form's: ok when every field is. The keys are the api's field
 * names, so the form shows a problem by the same field the server would name.
 */
export function checkForm<T extends Record<string, unknown>>(fields: { [K in keyof T]: Checked<T[K]> }): FormChecked<T> {
  const problems: Record<string, string> = {};
  const value: Partial<T> = {};
  for (const key of Object.keys(fields) as Array<keyof T & string>) {
    const checked = fields[key];
    if (checked.ok) value[key] = checked.value;
    else problems[key] = checked.message;
  }
  return Object.keys(problems).length > 0 ? { ok: false, problems } : { ok: true, value: value as T };
}
