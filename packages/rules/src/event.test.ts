import {
  checkEventFields,
  defaultEventName,
  EVENT_MESSAGES,
  eventDayTooFar,
  eventPlaceProblem,
  lastEventDay,
  minutesOfDay,
  parseClockTime,
} from './event';

describe('event times (HH:MM on a 24-hour clock)', () => {
  it('reads two-digit hours and minutes, and nothing else', () => {
    expect(parseClockTime(' 19:05 ')).toEqual({ hour: 19, minute: 5 });
    expect(parseClockTime('00:00')).toEqual({ hour: 0, minute: 0 });
    expect(parseClockTime('23:59')).toEqual({ hour: 23, minute: 59 });
    for (const text of ['24:00', '7pm', '9:05', '12:60', '', '12:5']) expect(parseClockTime(text)).toBeNull();
  });

  it('orders two times of one day by minutes since midnight', () => {
    expect(minutesOfDay({ hour: 18, minute: 59 })).toBeLessThan(minutesOfDay({ hour: 19, minute: 0 }));
    expect(minutesOfDay({ hour: 23, minute: 59 })).toBe(1439);
  });
});

describe("an event's name and place", () => {
  it("names an unnamed event after the caption's first non-blank line, cut to 200 characters", () => {
    expect(defaultEventName('\n  Career fair  \nBring a CV')).toBe('Career fair');
    expect(defaultEventName(`  ${'a'.repeat(250)}  \nsecond`)).toBe('a'.repeat(200));
    expect(defaultEventName('🎬'.repeat(201))).toBe('🎬'.repeat(200));
    expect(defaultEventName('   \n  ')).toBe('');
  });

  it("makes a caption's tabs spaces and ends its first line at any line break (a name is one line)", () => {
    expect(defaultEventName('Career\tfair\rBring a CV')).toBe('Career fair');
    expect(defaultEventName('\r\nQuiz night\r\n')).toBe('Quiz night');
  });

  it('takes a place of 200 characters and refuses 201 (emoji count as one)', () => {
    expect(eventPlaceProblem('🎬'.repeat(200))).toBeUndefined();
    expect(eventPlaceProblem(`  ${'x'.repeat(200)}  `)).toBeUndefined();
    expect(eventPlaceProblem('🎬'.repeat(201))).toBe(EVENT_MESSAGES.placeLong);
    expect(EVENT_MESSAGES.placeLong).toBe('Place must be at most 200 characters');
  });
});

describe("an event's day: at most two years ahead", () => {
  it('ends two years from today, 29 February giving 28 February', () => {
    expect(lastEventDay('2026-03-14')).toBe('2028-03-14');
    expect(lastEventDay('2028-02-29')).toBe('2030-02-28');
    expect(lastEventDay('2027-12-31')).toBe('2029-12-31');
  });

  it('takes the last day and refuses the next, in the words both sides show', () => {
    expect(eventDayTooFar('2028-03-14', '2026-03-14')).toBe(false);
    expect(eventDayTooFar('2026-03-14', '2026-03-14')).toBe(false);
    expect(eventDayTooFar('2028-03-15', '2026-03-14')).toBe(true);
    expect(eventDayTooFar('9999-12-31', '2026-03-14')).toBe(true);
    expect(EVENT_MESSAGES.dateTooFar).toBe('The event must be within 2 years from today.');
  });
});

describe('the event check both sides run (checkEventFields)', () => {
  // 14 March 2026, 19:00 on the event's clock.
  const clock = { today: '2026-03-14', minutes: 19 * 60 };
  const fields = { date: '2026-03-14', startTime: '19:01', endTime: '21:00', place: ' Hall ' };

  it('takes an event that starts in the next minute, naming it after the caption', () => {
    expect(checkEventFields(fields, 'Quiz night\nBring a pen', clock)).toEqual({
      ok: true,
      value: {
        name: 'Quiz night',
        typedName: '',
        date: '2026-03-14',
        start: { hour: 19, minute: 1 },
        end: { hour: 21, minute: 0 },
        place: 'Hall',
      },
    });
  });

  it('refuses an event that starts this very minute, or earlier today: it has begun (start <= now)', () => {
    for (const startTime of ['19:00', '18:59', '00:00']) {
      expect(checkEventFields({ ...fields, startTime }, 'Quiz', clock)).toEqual({
        ok: false,
        problems: { 'event.startTime': 'The event cannot start in the past.' },
      });
    }
  });

  it('refuses a day already gone on the date, and a day over two years ahead', () => {
    expect(checkEventFields({ ...fields, date: '2026-03-13', startTime: '23:59', endTime: '' }, 'Quiz', clock)).toEqual({
      ok: false,
      problems: { 'event.date': EVENT_MESSAGES.startsInPast },
    });
    expect(checkEventFields({ ...fields, date: '2028-03-15' }, 'Quiz', clock)).toEqual({
      ok: false,
      problems: { 'event.date': EVENT_MESSAGES.dateTooFar },
    });
  });

  it('reports every field at once, empty ones in their own words', () => {
    expect(checkEventFields({ name: '', date: '', startTime: '', endTime: '7pm', place: 'a\nb' }, '  ', clock)).toEqual({
      ok: false,
      problems: {
        'event.name': 'Please enter an event name.',
        'event.date': 'Please choose the day of the event.',
        'event.startTime': 'Please choose a start time.',
        'event.endTime': EVENT_MESSAGES.endTimeInvalid,
        'event.place': 'Place must be on one line',
      },
    });
    expect(checkEventFields({ ...fields, date: '2026-02-30', startTime: '7pm' }, 'Quiz', clock)).toEqual({
      ok: false,
      problems: { 'event.date': EVENT_MESSAGES.dateInvalid, 'event.startTime': EVENT_MESSAGES.startTimeInvalid },
    });
    expect(checkEventFields({ ...fields, endTime: '19:01' }, 'Quiz', clock)).toEqual({
      ok: false,
      problems: { 'event.endTime': EVENT_MESSAGES.endNotAfterStart },
    });
  });

  it('judges the fields alone without a clock (the api, for a zone it does not know)', () => {
    expect(checkEventFields({ ...fields, date: '2020-01-01' }, 'Quiz', null).ok).toBe(true);
  });
});
