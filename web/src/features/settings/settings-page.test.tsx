// Spec §8 "Settings": the words shown when the profile cannot be loaded.
import { screen, within } from '@testing-library/react';
import type { MockLink } from '@apollo/client/testing';
import { BlockedAndMutedUsersDocument, CalendarFeedUrlDocument, SettingsProfileDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import SettingsPage from './settings-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));
jest.mock('./account-security', () => ({ hasPasswordSignIn: () => true }));

const profileRequest = { query: SettingsProfileDocument, variables: {} };
// The blocked and muted accounts section loads beside the profile (its own tests: blocked-muted-section.test.tsx).
const noBlocksOrMutes: MockLink.MockedResponse = {
  request: { query: BlockedAndMutedUsersDocument, variables: {} },
  result: { data: { blockedUsers: [], mutedUsers: [] } },
};
// So does the calendar feed section (its own tests: features/events/calendar-feed-settings.test.tsx): no address yet.
const noCalendarFeed: MockLink.MockedResponse = {
  request: { query: CalendarFeedUrlDocument, variables: {} },
  result: { data: { calendarFeedUrl: null } },
};

describe('Settings: loading the profile fails', () => {
  it("says 'An error occurred' when the server cannot be reached", async () => {
    renderWithApollo(<SettingsPage />, {
      mocks: [{ request: profileRequest, error: new TypeError('Failed to fetch') }, noBlocksOrMutes, noCalendarFeed],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^An error occurred$/);
  });

  it("shows the server's message when it sends one", async () => {
    renderWithApollo(<SettingsPage />, {
      mocks: [{ request: profileRequest, result: { errors: [{ message: 'User not found' }] } }, noBlocksOrMutes, noCalendarFeed],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^User not found$/);
  });

  it("says 'Failed to fetch user data' when the server's error carries no message", async () => {
    renderWithApollo(<SettingsPage />, {
      mocks: [{ request: profileRequest, result: { errors: [{ message: '' }] } }, noBlocksOrMutes, noCalendarFeed],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch user data$/);
  });
});

describe('Settings: notifications (issue 15)', () => {
  it("has a 'Notifications' section with a switch per kind", async () => {
    renderWithApollo(<SettingsPage />, {
      mocks: [{ request: profileRequest, error: new TypeError('Failed to fetch') }, noBlocksOrMutes, noCalendarFeed],
    });
    const section = await screen.findByRole('region', { name: 'Notifications' });
    for (const kind of ['Likes', 'Comments', 'Mentions', 'New followers', 'Moderation']) {
      expect(await within(section).findByRole('switch', { name: kind })).toBeChecked();
    }
  });
});

describe('Settings: calendar feed (issue 18)', () => {
  it("has a 'Calendar feed' section that offers to create the address", async () => {
    renderWithApollo(<SettingsPage />, {
      mocks: [{ request: profileRequest, error: new TypeError('Failed to fetch') }, noBlocksOrMutes, noCalendarFeed],
    });
    const section = await screen.findByRole('region', { name: 'Calendar feed' });
    expect(await within(section).findByRole('button', { name: 'Create address' })).toBeInTheDocument();
  });
});
