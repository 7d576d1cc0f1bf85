import { defaultEventName, EVENT_MESSAGES, eventPlaceProblem, minutesOfDay, parseClockTime } from './event';

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

  it('takes a place of 200 characters and refuses 201 (emoji count as one)', () => {
    expect(eventPlaceProblem('🎬'.repeat(200))).toBeUndefined();
    expect(eventPlaceProblem(`  ${'x'.repeat(200)}  `)).toBeUndefined();
    expect(eventPlaceProblem('🎬'.repeat(201))).toBe(EVENT_MESSAGES.placeLong);
    expect(EVENT_MESSAGES.placeLong).toBe('Place must be at most 200 characters');
  });
});
