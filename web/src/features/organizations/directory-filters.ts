// The directory's filters live in the address (?q=chess&category=SPORTS, and ?campus=all from the
// campus switch), so Back, a reload and a shared link keep them; these turn them into the query's
// variables.
import type { CampusScope, OrganizationCategory } from '../../graphql/graphql';
import { isCategory } from './organization-labels';

export type DirectoryFilters = { query: string; category: OrganizationCategory | null };

export type DirectoryVariables = {
  first: number;
  query?: string;
  category?: OrganizationCategory;
  scope?: CampusScope;
};

/** What the address asks for; an unknown category is ignored. */
export function directoryFiltersFromSearch(params: URLSearchParams): DirectoryFilters {
  const category = params.get('category')?.toUpperCase();
  return { query: (params.get('q') ?? '').trim(), category: isCategory(category) ? category : null };
}

/** The address's parameters for these filters; the others (the campus switch's) stay as they are. */
export function withDirectoryFilters(params: URLSearchParams, filters: DirectoryFilters): URLSearchParams {
  const next = new URLSearchParams(params);
  if (filters.query.trim()) next.set('q', filters.query.trim());
  else next.delete('q');
  if (filters.category) next.set('category', filters.category);
  else next.delete('category');
  return next;
}

/** The organizations query's variables: only what narrows the list (the api's defaults do the rest). */
export function directoryVariables(filters: DirectoryFilters, scope: CampusScope, pageSize: number): DirectoryVariables {
  return {
    first: pageSize,
    ...(filters.query ? { query: filters.query } : {}),
    ...(filters.category ? { category: filters.category } : {}),
    ...(scope === 'ALL' ? { scope } : {}),
  };
}
