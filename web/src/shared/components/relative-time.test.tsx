// The <time> element: relative text, the full date on hover, and one shared minute clock.
import { act, render, screen } from '@testing-library/react';
import { fullDateTime } from '../lib/relative-time';
import { RelativeTime } from './relative-time';

const NOW = new Date('2026-11-21T15:30:00.000Z');
const minutesBefore = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000).toISOString();

describe('<RelativeTime>', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    jest.setSystemTime(NOW);
  });
  afterEach(() => {
    jest.useRealTimers();
    jest.restoreAllMocks();
  });

  it('shows the relative time in a <time> with the exact moment and the full date as its title', () => {
    const at = minutesBefore(180);
    render(<RelativeTime dateTime={at} />);
    const time = screen.getByText('3 h ago');
    expect(time.tagName).toBe('TIME');
    expect(time).toHaveAttribute('datetime', at);
    expect(time).toHaveAttribute('title', fullDateTime(at));
    expect(time.getAttribute('title')).toMatch(/2026/);
  });

  it('moves on by itself each minute, every element from one timer', () => {
    const setIntervalSpy = jest.spyOn(globalThis, 'setInterval');
    render(
      <>
        <RelativeTime dateTime={minutesBefore(5)} />
        <RelativeTime dateTime={minutesBefore(59)} />
        <RelativeTime dateTime={NOW.toISOString()} />
      </>,
    );
    expect(screen.getByText('5 min ago')).toBeInTheDocument();
    expect(screen.getByText('59 min ago')).toBeInTheDocument();
    expect(screen.getByText('just now')).toBeInTheDocument();
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);

    act(() => {
      jest.advanceTimersByTime(60_000);
    });
    expect(screen.getByText('6 min ago')).toBeInTheDocument();
    expect(screen.getByText('1 h ago')).toBeInTheDocument();
    expect(screen.getByText('1 min ago')).toBeInTheDocument();
    expect(setIntervalSpy).toHaveBeenCalledTimes(1);
  });

  it('stops the clock when the last one goes and reads the time afresh when one comes back', () => {
    const clearIntervalSpy = jest.spyOn(globalThis, 'clearInterval');
    const { unmount } = render(<RelativeTime dateTime={minutesBefore(5)} />);
    unmount();
    expect(clearIntervalSpy).toHaveBeenCalledTimes(1);

    jest.setSystemTime(new Date(NOW.getTime() + 10 * 60_000));
    render(<RelativeTime dateTime={minutesBefore(5)} />);
    expect(screen.getByText('15 min ago')).toBeInTheDocument();
  });
});
