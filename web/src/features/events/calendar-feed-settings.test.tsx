// Settings' "Calendar feed" (issue 18): create the private address, copy it, reset it after asking.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { CalendarFeedUrlDocument, ResetCalendarFeedDocument } from '../../graphql/graphql';
import { renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { CalendarFeedSettings } from './calendar-feed-settings';

const first = 'http://campus.test/calendar-feed/first-secret.ics';
const second = 'http://campus.test/calendar-feed/second-secret.ics';

const feedUrl = (url: string | null): MockLink.MockedResponse => ({
  request: { query: CalendarFeedUrlDocument, variables: {} },
  result: { data: { calendarFeedUrl: url } },
});
const reset = (url: string): MockLink.MockedResponse => ({
  request: { query: ResetCalendarFeedDocument, variables: {} },
  result: { data: { resetCalendarFeed: url } },
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('Calendar feed settings', () => {
  it('explains subscribing and offers to create an address when there is none', async () => {
    const user = userEvent.setup();
    renderWithApollo(<CalendarFeedSettings />, { mocks: [feedUrl(null), reset(first)] });
    const create = await screen.findByRole('button', { name: 'Create address' });
    expect(screen.getByText(/Google Calendar/)).toHaveTextContent(/Apple Calendar.*Outlook/);
    expect(screen.queryByLabelText('Your calendar address')).not.toBeInTheDocument();

    await user.click(create);
    expect(await screen.findByLabelText('Your calendar address')).toHaveValue(first);
    expect(screen.getByLabelText('Your calendar address')).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Create address' })).not.toBeInTheDocument();
  });

  it('copies the address', async () => {
    const user = userEvent.setup();
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    renderWithApollo(<CalendarFeedSettings />, { mocks: [feedUrl(first)] });
    await user.click(await screen.findByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(first);
    expect(await screen.findByRole('status')).toHaveTextContent('Address copied.');
  });

  it('asks before resetting, says the old address stops working, then shows the new one', async () => {
    const user = userEvent.setup();
    renderWithApollo(<CalendarFeedSettings />, { mocks: [feedUrl(first), reset(second)] });
    await user.click(await screen.findByRole('button', { name: 'Reset address' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Reset your calendar address?' });
    expect(dialog).toHaveAccessibleDescription(/old address stops working at once/);

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByLabelText('Your calendar address')).toHaveValue(first);

    await user.click(screen.getByRole('button', { name: 'Reset address' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset address' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The old one no longer works.');
    expect(screen.getByLabelText('Your calendar address')).toHaveValue(second);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps the dialog open with the reason when the reset fails', async () => {
    const user = userEvent.setup();
    renderWithApollo(<CalendarFeedSettings />, {
      mocks: [
        feedUrl(first),
        {
          request: { query: ResetCalendarFeedDocument, variables: {} },
          result: { errors: [{ message: 'Too many requests. Please wait 30 seconds.' }] },
        },
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Reset address' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Reset address' }));
    expect(await within(screen.getByRole('alertdialog')).findByRole('alert')).toHaveTextContent(
      'Too many requests. Please wait 30 seconds.',
    );
    expect(screen.getByLabelText('Your calendar address')).toHaveValue(first);
  });
});
