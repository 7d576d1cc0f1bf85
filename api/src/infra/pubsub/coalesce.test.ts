import { coalescePerKey } from './coalesce';

describe('coalescePerKey', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('sends the first change at once, then at most once per window, always once after the last change', () => {
    const sent: Array<[string, number]> = [];
    const pushes = coalescePerKey(300, (key) => sent.push([key, Date.now()]));
    const start = Date.now();
    pushes.changed('ada');
    expect(sent).toEqual([['ada', start]]);
    // Twenty changes 50 ms apart (one second): one send per window, none per change.
    for (let i = 0; i < 20; i += 1) {
      jest.advanceTimersByTime(50);
      pushes.changed('ada');
    }
    jest.advanceTimersByTime(1000);
    expect(sent.map(([, at]) => at - start)).toEqual([0, 300, 600, 900, 1200]);
    // The window after the last send passes quietly: the next change is sent at once again.
    pushes.changed('ada');
    expect(sent).toHaveLength(6);
  });

  it('keeps each key to its own window', () => {
    const sent: string[] = [];
    const pushes = coalescePerKey(300, (key) => sent.push(key));
    pushes.changed('ada');
    pushes.changed('ben');
    pushes.changed('ada');
    expect(sent).toEqual(['ada', 'ben']);
    jest.advanceTimersByTime(300);
    expect(sent).toEqual(['ada', 'ben', 'ada']);
  });

  it('drops what waits when stopped', () => {
    const sent: string[] = [];
    const pushes = coalescePerKey(300, (key) => sent.push(key));
    pushes.changed('ada');
    pushes.changed('ada');
    pushes.stop();
    jest.advanceTimersByTime(1000);
    expect(sent).toEqual(['ada']);
  });
});
