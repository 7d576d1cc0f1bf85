// Issue 15: the unread count on 'Notifications' in the sidebar (also the phone menu) and the
// phone top bar, kept live by notificationCountChanged.
import { screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { NotificationCountChangedDocument, UnreadNotificationCountDocument } from '../../graphql/graphql';
import MainLayout from '../../app/layouts/main-layout';
import { Sidebar } from '../../app/layouts/sidebar';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';

let mockSignedIn = true;
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue(mockSignedIn ? undefined : null) }));

const countMock = (count: number): MockLink.MockedResponse => ({
  request: { query: UnreadNotificationCountDocument, variables: {} },
  result: { data: { unreadNotificationCount: count } },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

/** The count as the server pushes it, `delay` ms after the subscription opens. */
const pushedCount = (count: number, delay = 50): MockLink.MockedResponse => ({
  request: { query: NotificationCountChangedDocument, variables: {} },
  result: { data: { notificationCountChanged: count } },
  delay,
});

/** A subscription that stays quiet for the whole test. */
const quiet = pushedCount(0, 60_000);

function renderLayout(mocks: MockLink.MockedResponse[]) {
  return renderWithApollo(
    <MainLayout>
      <p>Page</p>
    </MainLayout>,
    { mocks },
  );
}

const sidebarLink = () => within(screen.getByRole('navigation', { name: 'Main' })).getByRole('link', { name: /^Notifications/ });
/** The phone top bar's shortcut: the Notifications link outside the sidebar. */
const topBarLink = () => {
  const nav = screen.getByRole('navigation', { name: 'Main' });
  const [link, ...others] = screen.getAllByRole('link', { name: /^Notifications/ }).filter((candidate) => !nav.contains(candidate));
  expect(others).toHaveLength(0);
  return link;
};

beforeEach(() => {
  mockSignedIn = true;
});

describe('the unread notifications badge', () => {
  it("names the count in the link: 'Notifications, 3 unread', in the sidebar and the phone top bar", async () => {
    renderLayout([countMock(3), quiet]);
    expect(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Notifications, 3 unread' }),
    ).toHaveAttribute('href', '/notifications');
    expect(within(sidebarLink()).getByTestId('unread-badge')).toHaveTextContent(/^3$/);
    expect(topBarLink()).toHaveAccessibleName('Notifications, 3 unread');
    expect(topBarLink()).toHaveAttribute('href', '/notifications');
  });

  it('is hidden at 0', async () => {
    renderLayout([countMock(0), quiet]);
    expect(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Notifications' }),
    ).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
    expect(topBarLink()).toHaveAccessibleName('Notifications');
  });

  it('says 99+ above 99', async () => {
    renderLayout([countMock(250), quiet]);
    expect(
      await within(screen.getByRole('navigation', { name: 'Main' })).findByRole('link', { name: 'Notifications, 99+ unread' }),
    ).toBeInTheDocument();
    expect(within(sidebarLink()).getByTestId('unread-badge')).toHaveTextContent(/^99\+$/);
  });

  it('rises live when the server pushes a new count, without a reload', async () => {
    renderLayout([countMock(1), pushedCount(4, 200)]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Notifications, 1 unread' })).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Notifications, 4 unread' }, { timeout: 3000 })).toBeInTheDocument();
    expect(topBarLink()).toHaveAccessibleName('Notifications, 4 unread');
  });

  it('goes away live when the count drops to 0 (read in another tab)', async () => {
    renderLayout([countMock(2), pushedCount(0, 200)]);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(await within(nav).findByRole('link', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    expect(await within(nav).findByRole('link', { name: 'Notifications' }, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByTestId('unread-badge')).not.toBeInTheDocument();
  });

  it('is not offered signed out', async () => {
    mockSignedIn = false;
    renderWithApollo(<Sidebar />, { mocks: [countMock(3)] });
    expect(await screen.findByRole('link', { name: 'Sign in' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /^Notifications/ })).not.toBeInTheDocument();
  });
});
