// /events (issue 18): the filters live in the address, and the address decides the query's variables.
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import { EventsDocument } from '../../graphql/graphql';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import { toDateKey } from '../../shared/lib/local-date';
import EventsPage from './events-page';
import { eventsVariables, filtersFromSearch, searchFromFilters } from './events-filters';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
  jest.spyOn(window, 'scrollTo').mockImplementation(() => undefined); // the feed's window virtualizer; jsdom has no scrolling
});
afterEach(() => jest.restoreAllMocks());

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const today = new Date();
const dayKey = (days: number) => toDateKey(new Date(today.getFullYear(), today.getMonth(), today.getDate() + days));

function eventsMock(variables: Record<string, unknown>, posts = [makePost('p1', { caption: 'Film night' })]): MockLink.MockedResponse {
  return { request: { query: EventsDocument, variables }, result: { data: { events: makeConnection(posts, false) } } };
}

function renderEvents(route: string, mocks: MockLink.MockedResponse[]) {
  return renderWithApollo(
    <>
      <EventsPage />
      <Address />
    </>,
    { route, mocks },
  );
}

describe('Events page', () => {
  it('lists all upcoming events by default, and says so when there are none', async () => {
    renderEvents('/events', [eventsMock({ first: 10 }, [])]);
    expect(screen.getByRole('heading', { name: 'Events', level: 1 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All upcoming' })).toHaveAttribute('aria-pressed', 'true');
    expect(await screen.findByText('No upcoming events yet.')).toBeInTheDocument();
  });

  it('This week asks for today and the six days after, and puts it in the address', async () => {
    const user = userEvent.setup();
    renderEvents('/events', [
      eventsMock({ first: 10 }),
      eventsMock({ first: 10, from: dayKey(0), to: dayKey(6) }, [makePost('p2', { caption: 'Quiz night' })]),
    ]);
    expect(await screen.findByText('Film night')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/events?when=week');
    expect(await screen.findByText('Quiz night')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'This week' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('a picked day asks for that day only; a shared address opens on it', async () => {
    const day = dayKey(4);
    renderEvents(`/events?date=${day}`, [
      eventsMock({ first: 10, from: day, to: day }, []),
      eventsMock({ first: 10, from: dayKey(5), to: dayKey(5) }, [makePost('p3', { caption: 'Open mic' })]),
    ]);
    expect(screen.getByLabelText('On a day')).toHaveValue(day);
    expect(screen.getByRole('button', { name: 'All upcoming' })).toHaveAttribute('aria-pressed', 'false');
    expect(await screen.findByText('No upcoming events match these filters.')).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('On a day'), { target: { value: dayKey(5) } });
    expect(screen.getByTestId('address')).toHaveTextContent(`/events?date=${dayKey(5)}`);
    expect(await screen.findByText('Open mic')).toBeInTheDocument();
  });

  it('filters by the tag in the address, and by a typed tag, keeping the day filter', async () => {
    const user = userEvent.setup();
    renderEvents('/events?when=week&tag=film', [
      eventsMock({ first: 10, tag: 'film', from: dayKey(0), to: dayKey(6) }),
      eventsMock({ first: 10, tag: 'music', from: dayKey(0), to: dayKey(6) }, [makePost('p4', { caption: 'Jazz trio' })]),
      eventsMock({ first: 10, from: dayKey(0), to: dayKey(6) }, [makePost('p5', { caption: 'Anything this week' })]),
    ]);
    const tagBox = screen.getByLabelText('Tag');
    expect(tagBox).toHaveValue('film');
    expect(await screen.findByText('Film night')).toBeInTheDocument();

    await user.clear(tagBox);
    await user.type(tagBox, '#music{Enter}');
    expect(screen.getByTestId('address')).toHaveTextContent('/events?when=week&tag=music');
    expect(await screen.findByText('Jazz trio')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Clear tag #music' }));
    expect(screen.getByTestId('address')).toHaveTextContent(/^\/events\?when=week$/);
    expect(await screen.findByText('Anything this week')).toBeInTheDocument();
    expect(screen.getByLabelText('Tag')).toHaveValue('');
  });
});

describe("Events page: 'From my organizations' (issue 26)", () => {
  it('asks only for the events of the viewer’s organizations, in the address too, and says so when there are none', async () => {
    const user = userEvent.setup();
    renderEvents('/events', [
      eventsMock({ first: 10 }),
      eventsMock({ first: 10, fromMyOrganizations: true }, [makePost('p6', { caption: 'Chess Club simul' })]),
      eventsMock({ first: 10, fromMyOrganizations: true, from: dayKey(0), to: dayKey(6) }, []),
    ]);
    expect(await screen.findByText('Film night')).toBeInTheDocument();
    const mine = screen.getByRole('button', { name: 'From my organizations' });
    expect(mine).toHaveAttribute('aria-pressed', 'false');
    await user.click(mine);
    expect(screen.getByTestId('address')).toHaveTextContent('/events?from=my-organizations');
    expect(await screen.findByText('Chess Club simul')).toBeInTheDocument();
    expect(screen.queryByText('Film night')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'From my organizations' })).toHaveAttribute('aria-pressed', 'true');

    // It combines with the other filters.
    await user.click(screen.getByRole('button', { name: 'This week' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/events?when=week&from=my-organizations');
    expect(await screen.findByText('No upcoming events match these filters.')).toBeInTheDocument();
  });

  it('explains an empty list of the viewer’s organizations’ events', async () => {
    renderEvents('/events?from=my-organizations', [eventsMock({ first: 10, fromMyOrganizations: true }, [])]);
    expect(await screen.findByText('No upcoming events from your organizations.')).toBeInTheDocument();
  });
});

describe('Events page paging', () => {
  const isLoadMoreObserver = (observer: FakeIntersectionObserver) => Boolean(observer.options.rootMargin);

  it('appends the next page (keyset cursor) under the same filters when the last card comes into view', async () => {
    renderEvents('/events?tag=film', [
      {
        request: { query: EventsDocument, variables: { first: 10, tag: 'film' } },
        result: {
          data: { events: makeConnection([makePost('p1', { caption: 'First film' }), makePost('p2', { caption: 'Second film' })], true) },
        },
      },
      {
        request: { query: EventsDocument, variables: { first: 10, tag: 'film', after: 'cursor-p2' } },
        result: { data: { events: makeConnection([makePost('p3', { caption: 'Third film' })], false) } },
      },
    ]);
    expect(await screen.findByText('Second film')).toBeInTheDocument();
    expect(screen.queryByText("You've reached the end!")).not.toBeInTheDocument();
    FakeIntersectionObserver.intersect(screen.getByRole('list', { name: 'Posts' }).lastElementChild!, isLoadMoreObserver);
    expect(await screen.findByText('Third film')).toBeInTheDocument();
    expect(screen.getByText('First film')).toBeInTheDocument();
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.getByText("You've reached the end!")).toBeInTheDocument();
  });
});

describe('address <-> filters', () => {
  it('reads and writes the same address', () => {
    const filters = filtersFromSearch(new URLSearchParams('date=2026-12-04&tag=%23film'));
    expect(filters).toEqual({ when: 'day', date: '2026-12-04', tag: 'film', myOrganizations: false });
    expect(searchFromFilters(filters).toString()).toBe('date=2026-12-04&tag=film');
    expect(eventsVariables(filters, 10)).toEqual({ first: 10, tag: 'film', from: '2026-12-04', to: '2026-12-04' });
  });

  it('ignores a day that does not exist, and spans month ends for this week', () => {
    expect(filtersFromSearch(new URLSearchParams('date=2026-02-30'))).toEqual({
      when: 'all',
      date: null,
      tag: null,
      myOrganizations: false,
    });
    const week = eventsVariables({ when: 'week', date: null, tag: null, myOrganizations: false }, 10, new Date(2026, 11, 29));
    expect(week).toEqual({ first: 10, from: '2026-12-29', to: '2027-01-04' });
  });

  it('keeps "From my organizations" (issue 26) beside the other filters', () => {
    const filters = filtersFromSearch(new URLSearchParams('from=my-organizations&when=week'));
    expect(filters).toEqual({ when: 'week', date: null, tag: null, myOrganizations: true });
    expect(searchFromFilters(filters).toString()).toBe('when=week&from=my-organizations');
    expect(eventsVariables(filters, 10, new Date(2026, 11, 1))).toEqual({
      first: 10,
      fromMyOrganizations: true,
      from: '2026-12-01',
      to: '2026-12-07',
    });
    expect(filtersFromSearch(new URLSearchParams('from=somewhere-else')).myOrganizations).toBe(false);
  });
});
