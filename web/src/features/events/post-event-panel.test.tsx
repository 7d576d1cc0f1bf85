// An event post's panel on its card (issue 18): what it says, and each answer of Add to my calendar.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { AddEventToCalendarDocument, HomeFeedDocument } from '../../graphql/graphql';
import { createCache } from '../../shared/lib/apollo';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import { toDateKey } from '../../shared/lib/local-date';
import HomePage from '../feed/home-page';
import { shortDay } from './event-time';
import { PostEventPanel } from './post-event-panel';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  mockUseAuth.mockImplementation(() => authValue());
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined); // the feed's window virtualizer; jsdom has no scrolling
  jest.spyOn(console, 'error').mockImplementation(() => undefined); // failures are logged on purpose
});
afterEach(() => jest.restoreAllMocks());

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
/** ICU separates some parts with narrow no-break spaces; compare with plain ones. */
const plain = (text: string | null) => (text ?? '').replace(/\s/g, ' ');

/** An event on the viewer's own clock, `days` from today at `hour`:00 (to `endHour`:00). */
function makeEvent(days: number, hour: number, endHour: number | null, overrides: Record<string, unknown> = {}) {
  const today = new Date();
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() + days, hour);
  const end = endHour === null ? null : new Date(today.getFullYear(), today.getMonth(), today.getDate() + days, endHour);
  return {
    __typename: 'PostEvent' as const,
    name: 'Film night: Casablanca',
    date: toDateKey(start),
    startTime: `${String(hour).padStart(2, '0')}:00`,
    endTime: endHour === null ? null : `${String(endHour).padStart(2, '0')}:00`,
    timeZone: zone,
    startsAt: start.toISOString(),
    endsAt: end ? end.toISOString() : null,
    place: 'Main hall',
    addedCount: 3,
    ...overrides,
  };
}

function renderFeed(post: ReturnType<typeof makePost>, mocks: MockLink.MockedResponse[] = []) {
  const cache = createCache();
  cache.writeQuery({ query: HomeFeedDocument, variables: { first: 10 }, data: { homeFeed: makeConnection([post], false) } });
  return renderWithApollo(<HomePage />, { mocks, cache });
}

type Entry = { date: string; name: string; postId: string | null } | null;
type Outcome = 'ADDED' | 'ALREADY_ADDED' | 'DAY_TAKEN' | 'REPLACED';

/** addEventToCalendar's answer, as the api sends it. */
function addAnswer(outcome: Outcome, entry: Entry, event: ReturnType<typeof makeEvent>) {
  return {
    data: {
      addEventToCalendar: {
        __typename: 'AddToCalendarResult',
        outcome,
        entry: entry && {
          __typename: 'CalendarEvent',
          date: entry.date,
          name: entry.name,
          post: entry.postId ? { __typename: 'Post', id: entry.postId } : null,
        },
        post: { __typename: 'Post', id: 'p1', event },
      },
    },
  };
}

function addMock(replace: boolean, outcome: Outcome, entry: Entry, event: ReturnType<typeof makeEvent>): MockLink.MockedResponse {
  return { request: { query: AddEventToCalendarDocument, variables: { postId: 'p1', replace } }, result: addAnswer(outcome, entry, event) };
}

const panel = () => screen.getByRole('region', { name: 'Event: Film night: Casablanca' });
const addButton = () => within(panel()).getByRole('button', { name: 'Add to my calendar' });

describe('the event panel', () => {
  it("says what, when ('Tomorrow, 7 pm'), where and how many are going, with a download link", async () => {
    renderFeed(makePost('p1', { event: makeEvent(1, 19, null) }));
    const region = await screen.findByRole('region', { name: 'Event: Film night: Casablanca' });
    expect(within(region).getByText('Film night: Casablanca')).toBeInTheDocument();
    expect(plain(region.querySelector('time')?.textContent ?? null)).toBe('Tomorrow, 7 pm');
    expect(within(region).getByText('Main hall')).toBeInTheDocument();
    expect(within(region).getByText('3 going')).toBeInTheDocument();
    expect(within(region).getByRole('link', { name: 'Download .ics' })).toHaveAttribute('href', '/api/posts/p1/event.ics');
  });

  it("writes a later day's range in the viewer's locale, and has no panel on an ordinary post", async () => {
    const event = makeEvent(12, 19, 21, { addedCount: 0 });
    renderFeed(makePost('p1', { event }));
    const region = await screen.findByRole('region', { name: 'Event: Film night: Casablanca' });
    const day = new Intl.DateTimeFormat(undefined, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(
      new Date(`${event.date}T12:00:00Z`),
    );
    expect(plain(region.querySelector('time')?.textContent ?? null)).toBe(`${plain(day)}, 7 – 9 pm`);
    expect(within(region).queryByText(/going/)).not.toBeInTheDocument();
  });

  it('shows no panel on an ordinary post', async () => {
    renderFeed(makePost('p2', { event: null }));
    expect(await screen.findByText('Caption of p2')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /^Event:/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Add to my calendar' })).not.toBeInTheDocument();
  });

  it('an ended event says so and offers no Add', async () => {
    renderFeed(makePost('p1', { event: makeEvent(-2, 19, 21) }));
    expect(await within(panel()).findByText('Ended')).toBeInTheDocument();
    expect(within(panel()).queryByRole('button', { name: 'Add to my calendar' })).not.toBeInTheDocument();
  });
});

describe('Add to my calendar', () => {
  it('adds it, says so with a link to the calendar, and counts the viewer as going', async () => {
    const user = userEvent.setup();
    const event = makeEvent(1, 19, null);
    renderFeed(makePost('p1', { event }), [
      addMock(false, 'ADDED', { date: event.date, name: event.name, postId: 'p1' }, { ...event, addedCount: 4 }),
    ]);
    await user.click(addButton());
    const status = await within(panel()).findByRole('status');
    expect(status).toHaveTextContent('Added to your calendar');
    expect(within(status).getByRole('link', { name: 'Open your calendar' })).toHaveAttribute('href', '/calendar');
    expect(within(panel()).getByText('4 going')).toBeInTheDocument();
  });

  it('says when it is already there', async () => {
    const user = userEvent.setup();
    const event = makeEvent(1, 19, null);
    renderFeed(makePost('p1', { event }), [addMock(false, 'ALREADY_ADDED', { date: event.date, name: event.name, postId: 'p1' }, event)]);
    await user.click(addButton());
    expect(await within(panel()).findByRole('status')).toHaveTextContent('This event is already in your calendar.');
  });

  it('asks before replacing the day’s own entry: Keep mine changes nothing, Replace replaces it', async () => {
    const user = userEvent.setup();
    const event = makeEvent(1, 19, null);
    const replaced = jest.fn(() => addAnswer('REPLACED', { date: event.date, name: event.name, postId: 'p1' }, event));
    renderFeed(makePost('p1', { event }), [
      addMock(false, 'DAY_TAKEN', { date: event.date, name: 'Study group', postId: null }, event),
      addMock(false, 'DAY_TAKEN', { date: event.date, name: 'Study group', postId: null }, event),
      { ...addMock(true, 'REPLACED', null, event), result: replaced },
    ]);

    await user.click(addButton());
    const question = `Replace Study group on ${shortDay(event.date)}?`;
    const dialog = await screen.findByRole('alertdialog', { name: question });
    await user.click(within(dialog).getByRole('button', { name: 'Keep mine' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(within(panel()).queryByRole('status')).not.toBeInTheDocument();
    expect(replaced).not.toHaveBeenCalled();

    await user.click(addButton());
    await user.click(within(await screen.findByRole('alertdialog', { name: question })).getByRole('button', { name: 'Replace' }));
    expect(await within(panel()).findByRole('status')).toHaveTextContent('Added to your calendar');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(replaced).toHaveBeenCalledTimes(1);
  });

  it('shows the server’s message when it fails', async () => {
    const user = userEvent.setup();
    renderFeed(makePost('p1', { event: makeEvent(1, 19, null) }), [
      {
        request: { query: AddEventToCalendarDocument, variables: { postId: 'p1', replace: false } },
        result: { errors: [{ message: 'Post not found', extensions: { code: 'NOT_FOUND' } }] },
      },
    ]);
    await user.click(addButton());
    expect(await within(panel()).findByRole('alert')).toHaveTextContent('Post not found');
  });

  it('leads a signed-out visitor to sign in', async () => {
    mockUseAuth.mockImplementation(() => authValue(null));
    renderWithApollo(<PostEventPanel post={makePost('p1', { event: makeEvent(1, 19, null) })} />, { route: '/post/p1' });
    const link = within(panel()).getByRole('link', { name: 'Add to my calendar' });
    expect(link).toHaveAttribute('href', '/login');
  });
});
