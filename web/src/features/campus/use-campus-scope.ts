// Campus-first discovery (issue 25, D16): Explore, Events and the people directory list the
// viewer's own campus unless the address says ?campus=all, so Back, reload and a shared link keep
// the choice. MINE is the api's default, so it is the absence of the parameter.
import { useCallback } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { ViewerCampusDocument, type CampusScope } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';

export const CAMPUS_PARAM = 'campus';

export function scopeFromSearch(params: URLSearchParams): CampusScope {
  return params.get(CAMPUS_PARAM)?.toLowerCase() === 'all' ? 'ALL' : 'MINE';
}

/** The query variables for a scope: nothing for MINE (the api's default), `scope: ALL` otherwise. */
export function scopeVariables(scope: CampusScope): { scope?: CampusScope } {
  return scope === 'ALL' ? { scope } : {};
}

/** Adds the scope to an address's parameters (other filters stay as they are). */
export function withScope(params: URLSearchParams, scope: CampusScope): URLSearchParams {
  const next = new URLSearchParams(params);
  if (scope === 'ALL') next.set(CAMPUS_PARAM, 'all');
  else next.delete(CAMPUS_PARAM);
  return next;
}

/** The scope the address asks for, and a way to change it that keeps the rest of the address. */
export function useCampusScope() {
  const [searchParams, setSearchParams] = useSearchParams();
  const scope = scopeFromSearch(searchParams);
  const setScope = useCallback((next: CampusScope) => setSearchParams((current) => withScope(current, next)), [setSearchParams]);
  return { scope, setScope };
}

export type ViewerCampus = { id: string; name: string; shortName: string };

/** The signed-in viewer's campus, or null (signed out, no campus, or not loaded yet). */
export function useViewerCampus(): ViewerCampus | null {
  const { currentUser } = useAuth();
  const { data } = useQuery(ViewerCampusDocument, { skip: !currentUser });
  return (currentUser && data?.viewer?.campus) || null;
}
