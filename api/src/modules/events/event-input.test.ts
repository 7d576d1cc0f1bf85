import { EVENT_MESSAGES } from '@campus-clips/rules';
import { FieldProblems } from '../../shared/validation';
import { ValidationError } from '../../shared/errors';
import { checkPostEvent } from './event-input';

/** The problems checkPostEvent adds, as the api would send them. */
function problemsOf(run: (problems: FieldProblems) => unknown): Record<string, string> {
  const problems = new FieldProblems();
  run(problems);
  try {
    problems.throwIfAny();
    return {};
  } catch (error) {
    return (error as ValidationError).fields;
  }
}

// 14 January, 19:00:00.000 in London (GMT: UTC+0), the very instant an event at 19:00 would start.
const year = new Date().getUTCFullYear() + 1;
const now = new Date(`${year}-01-14T19:00:00.000Z`);
const event = { date: `${year}-01-14`, startTime: '19:00', timeZone: 'Europe/London' };

describe("an event's start, judged on its zone's clock", () => {
  it('refuses an event that starts at the instant now (it has begun), in the words the form shows', () => {
    expect(problemsOf((problems) => checkPostEvent(problems, event, 'Quiz', now))).toEqual({
      'event.startTime': EVENT_MESSAGES.startsInPast,
    });
  });

  it('takes one a minute later, and judges the minute on the zone’s clock, not the server’s', () => {
    expect(problemsOf((problems) => checkPostEvent(problems, { ...event, startTime: '19:01' }, 'Quiz', now))).toEqual({});
    // At 19:00 UTC it is 14:00 in New York: an event there at 15:00 is still to come.
    const newYork = { ...event, startTime: '15:00', timeZone: 'America/New_York' };
    expect(problemsOf((problems) => checkPostEvent(problems, newYork, 'Quiz', now))).toEqual({});
  });

  it('says an empty day is missing, as the form does', () => {
    expect(problemsOf((problems) => checkPostEvent(problems, { ...event, date: '' }, 'Quiz', now))).toEqual({
      'event.date': 'Please choose the day of the event.',
    });
  });
});
