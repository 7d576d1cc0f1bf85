import { OrganizationCategory } from './organization.enums';

/**
 * Which categories each interest of the catalogue (@campus-clips/rules' INTEREST_CATALOGUE)
 * points to, for suggestions: a student into Basketball is shown sports clubs first.
 */
const CATEGORIES_OF_INTEREST: Record<string, OrganizationCategory[]> = {
  Basketball: [OrganizationCategory.SPORTS],
  Football: [OrganizationCategory.SPORTS],
  Soccer: [OrganizationCategory.SPORTS],
  Tennis: [OrganizationCategory.SPORTS],
  Swimming: [OrganizationCategory.SPORTS],
  Hiking: [OrganizationCategory.SPORTS],
  Gym: [OrganizationCategory.SPORTS],
  Yoga: [OrganizationCategory.SPORTS],
  Anime: [OrganizationCategory.CULTURE],
  Gaming: [OrganizationCategory.CULTURE],
  Movies: [OrganizationCategory.MEDIA, OrganizationCategory.ARTS],
  Music: [OrganizationCategory.ARTS],
  Reading: [OrganizationCategory.CULTURE],
  Art: [OrganizationCategory.ARTS],
  Photography: [OrganizationCategory.MEDIA, OrganizationCategory.ARTS],
  Cooking: [OrganizationCategory.CULTURE],
  Travel: [OrganizationCategory.CULTURE],
  Dance: [OrganizationCategory.ARTS],
  Technology: [OrganizationCategory.ACADEMIC, OrganizationCategory.PROFESSIONAL],
  Fashion: [OrganizationCategory.ARTS],
  Chemistry: [OrganizationCategory.ACADEMIC],
  Physics: [OrganizationCategory.ACADEMIC],
  Mathematics: [OrganizationCategory.ACADEMIC],
  Biology: [OrganizationCategory.ACADEMIC],
  History: [OrganizationCategory.ACADEMIC],
  'Computer Science': [OrganizationCategory.ACADEMIC, OrganizationCategory.PROFESSIONAL],
  Psychology: [OrganizationCategory.ACADEMIC],
  Philosophy: [OrganizationCategory.ACADEMIC],
  Economics: [OrganizationCategory.ACADEMIC, OrganizationCategory.PROFESSIONAL],
  Politics: [OrganizationCategory.STUDENT_GOVERNMENT],
  Environment: [OrganizationCategory.SERVICE],
};

/** What suggestions look for from a student's interests: the categories they point to, and the words themselves (lowercase). */
export function suggestionTerms(interests: readonly string[]): { categories: string[]; words: string[] } {
  const categories = new Set<string>();
  for (const interest of interests) for (const category of CATEGORIES_OF_INTEREST[interest] ?? []) categories.add(category);
  return { categories: [...categories], words: [...new Set(interests.map((interest) => interest.toLowerCase()))] };
}
