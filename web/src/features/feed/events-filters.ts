// The Events page's filters live in the address (?when=week, ?date=YYYY-MM-DD, ?tag=film, and
// ?from=my-organizations, issue 26), so a filtered view can be shared; these turn the address into the query's variables and back.
import { isIsoDate } from '@campus-clips/rules';
import { toDateKey } from '../../shared/lib/local-date';

export type EventsWhen = 'all' | 'week' | 'day';

/** `myOrganizations`: only the events of the organizations the viewer belongs to. */
export type EventsFilters = { when: EventsWhen; date: string | null; tag: string | null; myOrganizations: boolean };

export type EventsVariables = { first: number; tag?: string; from?: string; to?: string; fromMyOrganizations?: boolean };

const FROM_PARAM = 'from';
const MY_ORGANIZATIONS = 'my-organizations';

/** What the address asks for; a date that is not a real YYYY-MM-DD day is ignored. */
export function filtersFromSearch(params: URLSearchParams): EventsFilters {
  const date = params.get('date')?.trim() ?? '';
  const tag = (params.get('tag') ?? '').trim().replace(/^#/, '');
  const when: EventsWhen = isIsoDate(date) ? 'day' : params.get('when') === 'week' ? 'week' : 'all';
  return { when, date: when === 'day' ? date : null, tag: tag || null, myOrganizations: params.get(FROM_PARAM) === MY_ORGANIZATIONS };
}

/** The address for a set of filters (only what differs from "All upcoming"). */
export function searchFromFilters(filters: EventsFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.when === 'week') params.set('when', 'week');
  if (filters.when === 'day' && filters.date) params.set('date', filters.date);
  if (filters.tag) params.set('tag', filters.tag);
  if (filters.myOrganizations) params.set(FROM_PARAM, MY_ORGANIZATIONS);
  return params;
}

function addDays(day: Date, days: number): Date {
  return new Date(day.getFullYear(), day.getMonth(), day.getDate() + days);
}

/** The events query's variables: "This week" is today and the six days after it (the viewer's days). */
export function eventsVariables(filters: EventsFilters, pageSize: number, today: Date = new Date()): EventsVariables {
  const variables: EventsVariables = { first: pageSize };
  if (filters.tag) variables.tag = filters.tag;
  if (filters.myOrganizations) variables.fromMyOrganizations = true;
  if (filters.when === 'week') {
    variables.from = toDateKey(today);
    variables.to = toDateKey(addDays(today, 6));
  } else if (filters.when === 'day' && filters.date) {
    variables.from = filters.date;
    variables.to = filters.date;
  }
  return variables;
}
