// Issue 15: /notifications lists what happened, newest first, grouped, each row leading to its
// post or follower; pages on scroll; 'Mark all as read' clears the rows and the badge.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  MarkAllNotificationsReadDocument,
  NotificationsDocument,
  UnreadNotificationCountDocument,
  type NotificationFieldsFragment,
} from '../../graphql/graphql';
import { FakeIntersectionObserver, authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { NotificationsShortcut } from './notifications-badge';
import NotificationsPage, { NOTIFICATIONS_PAGE_SIZE } from './notifications-page';
import { useUnreadNotificationCount } from './use-unread-notification-count';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const person = (id: string, displayName: string) => ({ __typename: 'User' as const, id, displayName, photoURL: null });
const maya = person('maya', 'Maya');
const sam = person('sam', 'Sam');
const lee = person('lee', 'Lee');
const kim = person('kim', 'Kim');
const clip = (id: string) => ({ __typename: 'Post' as const, id, caption: `Caption ${id}`, posterUrl: null });

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000).toISOString();
/**
 * A moment on yesterday's calendar day and over a day ago, whatever the hour now: a plain 30 hours
 * ago is two calendar days back before 6 a.m. ('2 d ago'), which failed the suite after midnight.
 */
function yesterdayOverADayAgo(): string {
  const now = new Date();
  const sinceMidnight = now.getTime() - new Date(now).setHours(0, 0, 0, 0);
  return new Date(now.getTime() - 24 * 60 * 60_000 - sinceMidnight / 2).toISOString();
}

type CachedNotification = NotificationFieldsFragment & { __typename: 'Notification' };

function note(id: string, overrides: Partial<NotificationFieldsFragment>): CachedNotification {
  return {
    __typename: 'Notification',
    id,
    kind: 'LIKE',
    actors: [maya],
    actorCount: 1,
    post: clip('p1'),
    commentId: null,
    organization: null,
    text: null,
    createdAt: minutesAgo(5),
    read: true,
    ...overrides,
  };
}

function page(notifications: CachedNotification[], hasNextPage = false) {
  return {
    notifications: {
      __typename: 'NotificationConnection' as const,
      edges: notifications.map((node) => ({ __typename: 'NotificationEdge' as const, cursor: `cursor-${node.id}`, node })),
      pageInfo: {
        __typename: 'PageInfo' as const,
        hasNextPage,
        endCursor: notifications.length ? `cursor-${notifications[notifications.length - 1].id}` : null,
      },
    },
  };
}

const firstPage = (notifications: CachedNotification[], hasNextPage = false): MockLink.MockedResponse => ({
  request: { query: NotificationsDocument, variables: { first: NOTIFICATIONS_PAGE_SIZE } },
  result: { data: page(notifications, hasNextPage) },
});

const countMock = (count: number): MockLink.MockedResponse => ({
  request: { query: UnreadNotificationCountDocument, variables: {} },
  result: { data: { unreadNotificationCount: count } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const everyKind = [
  note('n1', { kind: 'LIKE', actors: [maya], actorCount: 1, read: false, createdAt: minutesAgo(5) }),
  note('n2', { kind: 'LIKE', actors: [maya, sam, lee], actorCount: 4, post: clip('p2'), read: false, createdAt: minutesAgo(90) }),
  note('n3', { kind: 'COMMENT', actors: [sam], text: 'nice!', commentId: 'c1', createdAt: yesterdayOverADayAgo() }),
  note('n4', { kind: 'MENTION', actors: [lee], text: 'look at this @vera', post: clip('p3'), commentId: 'c2' }),
  note('n5', { kind: 'FOLLOW', actors: [kim, sam, lee], actorCount: 3, post: null }),
  note('n6', { kind: 'MODERATION', actors: [], actorCount: 0, post: null, text: 'A moderator removed your post: Spam' }),
  note('n7', { kind: 'COMMENT', actors: [maya], text: 'gone now', post: null }),
];

const rows = () => screen.getAllByTestId('notification');
const rowSaying = (text: string | RegExp) => rows().find((row) => within(row).queryByText(text)) as HTMLElement;

beforeEach(() => {
  FakeIntersectionObserver.install();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the notifications page', () => {
  it('says what happened for each kind, grouped, newest first, with when and which are unread', async () => {
    renderWithApollo(<NotificationsPage />, { mocks: [firstPage(everyKind), countMock(2)] });

    expect(await screen.findByRole('link', { name: 'Maya liked your clip' })).toHaveAttribute('href', '/post/p1');
    expect(screen.getByRole('heading', { level: 1, name: 'Notifications' })).toBeInTheDocument();
    expect(rows().map((row) => row.querySelector('p')?.textContent)).toEqual([
      'Unread: Maya liked your clip',
      'Unread: Maya and 3 others liked your clip',
      'Sam commented: “nice!”',
      'Lee mentioned you',
      'Kim and 2 others followed you',
      'A moderator removed your post: Spam',
      'Maya commented: “gone now”',
    ]);

    expect(screen.getByRole('link', { name: 'Maya and 3 others liked your clip' })).toHaveAttribute('href', '/post/p2');
    expect(screen.getByRole('link', { name: 'Sam commented: “nice!”' })).toHaveAttribute('href', '/post/p1');
    expect(screen.getByRole('link', { name: 'Lee mentioned you' })).toHaveAttribute('href', '/post/p3');
    expect(within(rowSaying('Lee mentioned you')).getByText('“look at this @vera”')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Kim and 2 others followed you' })).toHaveAttribute('href', '/user/kim');

    // Unread rows are marked (and say so to screen readers); read rows are not.
    expect(rowSaying('Maya liked your clip')).toHaveAttribute('data-unread', 'true');
    expect(rowSaying('Maya and 3 others liked your clip')).toHaveAttribute('data-unread', 'true');
    expect(rowSaying('Sam commented: “nice!”')).not.toHaveAttribute('data-unread');
    expect(screen.getAllByText('Unread:')).toHaveLength(2);

    // Relative times.
    expect(within(rowSaying('Maya liked your clip')).getByText('5 min ago')).toBeInTheDocument();
    expect(within(rowSaying('Maya and 3 others liked your clip')).getByText('1 h ago')).toBeInTheDocument();
    expect(within(rowSaying('Sam commented: “nice!”')).getByText('Yesterday')).toBeInTheDocument();
  });

  it('shows a row whose clip is gone without a link, and says so; moderation without a post has no link either', async () => {
    renderWithApollo(<NotificationsPage />, { mocks: [firstPage(everyKind), countMock(2)] });
    await screen.findByRole('link', { name: 'Maya liked your clip' });

    const gone = rowSaying('Maya commented: “gone now”');
    expect(within(gone).queryByRole('link')).not.toBeInTheDocument();
    expect(within(gone).getByText('This clip is no longer available.')).toBeInTheDocument();

    const moderation = rowSaying('A moderator removed your post: Spam');
    expect(within(moderation).queryByRole('link')).not.toBeInTheDocument();
    expect(within(moderation).queryByText('This clip is no longer available.')).not.toBeInTheDocument();
    expect(screen.getAllByText('This clip is no longer available.')).toHaveLength(1);
  });

  it("'Mark all as read' marks every row read and takes the badge to 0", async () => {
    const user = userEvent.setup();
    let marked = false;
    function Badge() {
      return <NotificationsShortcut count={useUnreadNotificationCount()} />;
    }
    renderWithApollo(
      <>
        <Badge />
        <NotificationsPage />
      </>,
      {
        mocks: [
          firstPage(everyKind),
          countMock(2),
          {
            request: { query: MarkAllNotificationsReadDocument, variables: {} },
            result: () => {
              marked = true;
              return { data: { markAllNotificationsRead: true } };
            },
          },
        ],
      },
    );
    expect(await screen.findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Maya liked your clip' });

    await user.click(screen.getByRole('button', { name: 'Mark all as read' }));

    await waitFor(() => expect(screen.queryByRole('button', { name: /Mark all as read|Marking/ })).not.toBeInTheDocument());
    expect(marked).toBe(true);
    expect(rows().filter((row) => row.hasAttribute('data-unread'))).toHaveLength(0);
    expect(screen.queryByText('Unread:')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Notifications' })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('says so when marking read fails, and keeps the rows unread', async () => {
    const user = userEvent.setup();
    renderWithApollo(<NotificationsPage />, {
      mocks: [
        firstPage(everyKind),
        countMock(2),
        { request: { query: MarkAllNotificationsReadDocument, variables: {} }, error: new TypeError('Failed to fetch') },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to mark notifications as read. Please try again.');
    expect(rowSaying('Maya liked your clip')).toHaveAttribute('data-unread', 'true');
  });

  it('offers no Mark all as read when everything is read', async () => {
    renderWithApollo(<NotificationsPage />, {
      mocks: [firstPage([note('n3', { kind: 'COMMENT', actors: [sam], text: 'hi' })]), countMock(0)],
    });
    await screen.findByRole('link', { name: 'Sam commented: “hi”' });
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).not.toBeInTheDocument();
  });

  it("says 'No notifications yet.' when there are none", async () => {
    renderWithApollo(<NotificationsPage />, { mocks: [firstPage([]), countMock(0)] });
    expect(await screen.findByText('No notifications yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Notifications' })).not.toBeInTheDocument();
  });

  it('shows a spinner while loading, then an error with Try again that loads the list', async () => {
    const user = userEvent.setup();
    renderWithApollo(<NotificationsPage />, {
      mocks: [
        {
          request: { query: NotificationsDocument, variables: { first: NOTIFICATIONS_PAGE_SIZE } },
          error: new TypeError('Failed to fetch'),
        },
        firstPage([note('n1', {})]),
        countMock(0),
      ],
    });
    expect(screen.getByRole('status')).toHaveTextContent('Loading notifications');
    expect(await screen.findByRole('alert')).toHaveTextContent('Connection failed');

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Maya liked your clip' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('loads the next page when the last row scrolls into view', async () => {
    const first = Array.from({ length: 3 }, (_, index) => note(`a${index}`, { actors: [maya], post: clip(`p${index}`) }));
    const second = [note('b0', { kind: 'FOLLOW', actors: [kim], post: null })];
    renderWithApollo(<NotificationsPage />, {
      mocks: [
        firstPage(first, true),
        countMock(0),
        {
          request: { query: NotificationsDocument, variables: { first: NOTIFICATIONS_PAGE_SIZE, after: 'cursor-a2' } },
          result: { data: page(second, false) },
        },
      ],
    });
    await screen.findAllByRole('link', { name: 'Maya liked your clip' });
    expect(rows()).toHaveLength(3);
    expect(screen.queryByText("That's everything.")).not.toBeInTheDocument();

    const items = within(screen.getByRole('list', { name: 'Notifications' })).getAllByRole('listitem');
    FakeIntersectionObserver.intersect(items[items.length - 1]);

    expect(await screen.findByRole('link', { name: 'Kim followed you' })).toHaveAttribute('href', '/user/kim');
    expect(rows()).toHaveLength(4);
    expect(screen.getByText("That's everything.")).toBeInTheDocument();
  });
});
