// Event posts and calendar entries built through GraphQL (issue 18), for stories that need them ready-made.
import { graphql, type ApiStudent } from './scenario';

export interface EventFields {
  name?: string;
  date: string;
  startTime: string;
  endTime?: string;
  place?: string;
  timeZone: string;
}

/** A post that announces an event; returns its id. */
export async function createEventPost(
  student: ApiStudent,
  videoUrl: string,
  caption: string,
  tags: string[],
  event: EventFields,
): Promise<string> {
  const data = await graphql<{ createPost: { id: string } }>(
    student,
    'mutation ($input: CreatePostInput!) { createPost(input: $input) { id } }',
    { input: { videoUrl, caption, tags, event } },
  );
  return data.createPost.id;
}

/** A plain calendar entry of the student's own on a day (YYYY-MM-DD). */
export async function saveCalendarEntry(student: ApiStudent, date: string, name: string): Promise<void> {
  await graphql(student, 'mutation ($date: LocalDate!, $name: String!) { saveCalendarEvent(date: $date, name: $name) { date } }', {
    date,
    name,
  });
}

/** The student's calendar entries, with the post each came from. */
export async function calendarEntries(student: ApiStudent): Promise<Array<{ date: string; name: string; post: { id: string } | null }>> {
  const data = await graphql<{ calendarEvents: Array<{ date: string; name: string; post: { id: string } | null }> }>(
    student,
    '{ calendarEvents { date name post { id } } }',
  );
  return data.calendarEvents;
}

/** The calendar day (YYYY-MM-DD) `days` after today in a time zone. */
export function dayIn(timeZone: string, days: number): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(
    new Date(Date.now() + days * 24 * 60 * 60 * 1000),
  );
  const part = (type: string) => parts.find((p) => p.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')}`;
}
