// Issue 15: Settings has a switch per kind of notification, each saved as it is flipped.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { NotificationSettingsDocument, UpdateNotificationSettingsDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { NotificationSettings } from './notification-settings';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const settings = (overrides: Record<string, boolean> = {}) => ({
  __typename: 'NotificationSettings' as const,
  likes: true,
  comments: true,
  mentions: true,
  follows: true,
  moderation: true,
  organizationEvents: true,
  ...overrides,
});

const settingsMock = (overrides: Record<string, boolean> = {}): MockLink.MockedResponse => ({
  request: { query: NotificationSettingsDocument, variables: {} },
  result: { data: { notificationSettings: settings(overrides) } },
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('notification settings', () => {
  it('shows a switch per kind, on or off as saved', async () => {
    renderWithApollo(<NotificationSettings />, { mocks: [settingsMock({ follows: false, organizationEvents: false })] });
    expect(await screen.findByRole('switch', { name: 'Likes' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Comments' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Mentions' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'New followers' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Moderation' })).toBeChecked();
    // Issue 26: an organization's new event, on by default, here turned off.
    expect(screen.getByRole('switch', { name: 'Organization events' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Likes' })).toHaveAccessibleDescription('Someone likes your clip.');
  });

  it('saves a flipped switch and says so', async () => {
    const user = userEvent.setup();
    let sent = false;
    renderWithApollo(<NotificationSettings />, {
      mocks: [
        settingsMock(),
        {
          // Only the kind that changed is sent.
          request: { query: UpdateNotificationSettingsDocument, variables: { input: { likes: false } } },
          result: () => {
            sent = true;
            return { data: { updateNotificationSettings: settings({ likes: false }) } };
          },
        },
      ],
    });
    await user.click(await screen.findByRole('switch', { name: 'Likes' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Saved: likes notifications are off.');
    expect(sent).toBe(true);
    expect(screen.getByRole('switch', { name: 'Likes' })).not.toBeChecked();
    expect(screen.getByRole('switch', { name: 'Comments' })).toBeChecked();
  });

  it('turns a kind back on', async () => {
    const user = userEvent.setup();
    renderWithApollo(<NotificationSettings />, {
      mocks: [
        settingsMock({ follows: false }),
        {
          request: { query: UpdateNotificationSettingsDocument, variables: { input: { follows: true } } },
          result: { data: { updateNotificationSettings: settings() } },
        },
      ],
    });
    await user.click(await screen.findByRole('switch', { name: 'New followers' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Saved: new followers notifications are on.');
    expect(screen.getByRole('switch', { name: 'New followers' })).toBeChecked();
  });

  it('puts the switch back and says so when the save fails', async () => {
    const user = userEvent.setup();
    renderWithApollo(<NotificationSettings />, {
      mocks: [
        settingsMock(),
        {
          request: { query: UpdateNotificationSettingsDocument, variables: { input: { mentions: false } } },
          error: new TypeError('Failed to fetch'),
        },
      ],
    });
    await user.click(await screen.findByRole('switch', { name: 'Mentions' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save your mentions setting. Please try again.');
    expect(screen.getByRole('switch', { name: 'Mentions' })).toBeChecked();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it("shows the server's refusal", async () => {
    const user = userEvent.setup();
    renderWithApollo(<NotificationSettings />, {
      mocks: [
        settingsMock(),
        {
          request: { query: UpdateNotificationSettingsDocument, variables: { input: { moderation: false } } },
          result: { errors: [{ message: 'Too many requests. Please wait 30 seconds and try again.' }] },
        },
      ],
    });
    await user.click(await screen.findByRole('switch', { name: 'Moderation' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 30 seconds and try again.');
    expect(screen.getByRole('switch', { name: 'Moderation' })).toBeChecked();
  });

  it('says when the settings cannot be loaded, and tries again', async () => {
    const user = userEvent.setup();
    renderWithApollo(<NotificationSettings />, {
      mocks: [{ request: { query: NotificationSettingsDocument, variables: {} }, error: new TypeError('Failed to fetch') }, settingsMock()],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load your notification settings');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('switch', { name: 'Likes' })).toBeChecked();
  });
});
