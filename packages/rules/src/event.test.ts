import { defaultEventName, EVENT_MESSAGES, eventDayTooFar, eventPlaceProblem, lastEventDay, minutesOfDay, parseClockTime } from './event';

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
