import * as z from 'zod/mini';
import { atLeastChars, atMostChars } from './characters';
import { checkField } from './check';
import { checkForm, type FormChecked } from './form';
import { LIMITS } from './limits';
import { MESSAGES, TEXT_MESSAGES } from './messages';
import { multiLineText, singleLineText } from './text';

/**
 * Organizations (issue 26, D17): clubs and societies with a page at /org/:slug. The categories
 * are a fixed list, stored as these keys (the api's GraphQL enum names them in capitals).
 */
export const ORGANIZATION_CATEGORIES = [
  'academic',
  'arts',
  'culture',
  'media',
  'professional',
  'religious',
  'service',
  'sports',
  'student_government',
  'other',
] as const;

export type OrganizationCategory = (typeof ORGANIZATION_CATEGORIES)[number];

/** How each category is shown, in the order the pickers list them. */
export const ORGANIZATION_CATEGORY_LABELS: Record<OrganizationCategory, string> = {
  academic: 'Academic',
  arts: 'Arts',
  culture: 'Culture',
  media: 'Media',
  professional: 'Professional',
  religious: 'Religious',
  service: 'Service',
  sports: 'Sports',
  student_government: 'Student government',
  other: 'Other',
};

/** Open: anyone verified joins at once; request: officers approve each request. */
export const ORGANIZATION_JOIN_MODES = ['open', 'request'] as const;
export type OrganizationJoinMode = (typeof ORGANIZATION_JOIN_MODES)[number];

/** Addresses the web app's own routes under /org/ may need, so no club can take them. */
export const RESERVED_ORGANIZATION_SLUGS: readonly string[] = ['new', 'create', 'edit', 'admin', 'settings', 'members', 'organizations'];

/** An organization's name: one line of 2-60 characters once trimmed. */
export const organizationNameSchema = z
  .string()
  .check(
    z.trim(),
    singleLineText(TEXT_MESSAGES.organizationName),
    atLeastChars(LIMITS.organizationName.min, MESSAGES.organizationNameShort),
    atMostChars(LIMITS.organizationName.max, MESSAGES.organizationNameLong),
  );

const SLUG = new RegExp(`^[a-z0-9](?:[a-z0-9-]{${LIMITS.organizationSlug.min - 2},${LIMITS.organizationSlug.max - 2}})[a-z0-9]$`);

/**
 * Its short address (/org/:slug): 3-40 lowercase letters, digits or hyphens, starting and ending
 * with a letter or digit; trimmed and lowercased first, so 'Chess-Club ' is 'chess-club'.
 */
export const organizationSlugSchema = z.string().check(
  z.trim(),
  z.toLowerCase(),
  z.refine((slug) => SLUG.test(slug), { error: MESSAGES.organizationSlugInvalid, abort: true }),
  z.refine((slug) => !RESERVED_ORGANIZATION_SLUGS.includes(slug), { error: MESSAGES.organizationSlugReserved }),
);

/** Its description: at most 1,000 characters once trimmed; line breaks, but no other control characters. */
export const organizationDescriptionSchema = z.pipe(
  z.pipe(
    z.optional(z.nullable(z.string())),
    z.transform((text: string | null | undefined) => text ?? ''),
  ),
  z
    .string()
    .check(
      z.trim(),
      multiLineText(TEXT_MESSAGES.organizationDescription),
      atMostChars(LIMITS.organizationDescription, MESSAGES.organizationDescriptionLong),
    ),
);

export const organizationCategorySchema = z.string().check(
  z.refine((category) => (ORGANIZATION_CATEGORIES as readonly string[]).includes(category), {
    error: MESSAGES.organizationCategoryUnknown,
  }),
) as unknown as z.ZodMiniType<OrganizationCategory, string>;

export const organizationJoinModeSchema = z.string().check(
  z.refine((mode) => (ORGANIZATION_JOIN_MODES as readonly string[]).includes(mode), {
    error: MESSAGES.organizationJoinModeUnknown,
  }),
) as unknown as z.ZodMiniType<OrganizationJoinMode, string>;

/**
 * A suggested address from a name: 'Chess & Go Club!' -> 'chess-go-club' (accents dropped),
 * cut to the longest address allowed; '' when nothing of the name can be one.
 */
export function organizationSlugFrom(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, LIMITS.organizationSlug.max)
    .replace(/-+$/, '');
  return slug.length >= LIMITS.organizationSlug.min ? slug : '';
}

export interface OrganizationForm {
  name: string;
  slug: string;
  description?: string | null;
  category: string;
  joinMode: string;
}

export interface CheckedOrganizationForm {
  name: string;
  slug: string;
  description: string;
  category: OrganizationCategory;
  joinMode: OrganizationJoinMode;
}

/** The create form, as one check: name, address, description, category and join mode. */
export function checkOrganizationForm(form: OrganizationForm): FormChecked<CheckedOrganizationForm> {
  return checkForm({
    name: checkField(organizationNameSchema, form.name),
    slug: checkField(organizationSlugSchema, form.slug),
    description: checkField(organizationDescriptionSchema, form.description),
    category: checkField(organizationCategorySchema, form.category),
    joinMode: checkField(organizationJoinModeSchema, form.joinMode),
  });
}

export type OrganizationEditForm = { [K in Exclude<keyof OrganizationForm, 'slug'>]?: string | null };

/**
 * The edit form (officers and the owner): only the fields it sends are checked and changed; the
 * address stays, so links to the page keep working.
 */
export function checkOrganizationEditForm(form: OrganizationEditForm): FormChecked<Partial<Omit<CheckedOrganizationForm, 'slug'>>> {
  const fields: Record<string, ReturnType<typeof checkField>> = {};
  if (form.name !== undefined && form.name !== null) fields.name = checkField(organizationNameSchema, form.name);
  if (form.description !== undefined && form.description !== null) {
    fields.description = checkField(organizationDescriptionSchema, form.description);
  }
  if (form.category !== undefined && form.category !== null) fields.category = checkField(organizationCategorySchema, form.category);
  if (form.joinMode !== undefined && form.joinMode !== null) fields.joinMode = checkField(organizationJoinModeSchema, form.joinMode);
  return checkForm(fields) as FormChecked<Partial<Omit<CheckedOrganizationForm, 'slug'>>>;
}
