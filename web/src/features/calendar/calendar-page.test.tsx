import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CalendarEventsDocument, DeleteCalendarEventDocument, SaveCalendarEventDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { toDateKey } from '../../shared/lib/local-date';
import CalendarPage from './calendar-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const today = new Date();
const todayKey = toDateKey(today);
const eventsMock = (events: Array<{ date: string; name: string; postId?: string }>) => ({
  request: { query: CalendarEventsDocument },
  result: {
    data: {
      calendarEvents: events.map(({ postId, ...e }) => ({
        __typename: 'CalendarEvent',
        ...e,
        post: postId ? { __typename: 'Post', id: postId } : null,
      })),
    },
  },
});

async function selectToday(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: new RegExp(`^${today.toDateString()}`) }));
  expect(screen.getByRole('heading', { name: `Add Event for ${today.toDateString()}` })).toBeInTheDocument();
}

describe('calendar', () => {
  beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
  afterEach(() => jest.restoreAllMocks());

  it('refuses an empty or blank event name without calling the server (D6)', async () => {
    const user = userEvent.setup();
    renderWithApollo(<CalendarPage />, { mocks: [eventsMock([])] });
    expect(await screen.findByText('No saved events.')).toBeInTheDocument();

    await selectToday(user);
    await user.click(screen.getByRole('button', { name: 'Save Event' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an event name.');

    await user.type(screen.getByPlaceholderText('Enter event name...'), '    ');
    await user.click(screen.getByRole('button', { name: 'Save Event' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter an event name.');
    // No save mock exists: a call would have shown 'Failed to save event.' instead.
    expect(screen.queryByText('Failed to save event.')).not.toBeInTheDocument();
    expect(screen.getByText('No saved events.')).toBeInTheDocument();
  });

  it('refuses a name with control or text-direction characters by its field, in the words of the api, sending nothing', async () => {
    const user = userEvent.setup();
    renderWithApollo(<CalendarPage />, { mocks: [eventsMock([])] });
    await screen.findByText('No saved events.');
    await selectToday(user);
    const name = screen.getByPlaceholderText('Enter event name...');
    for (const [pasted, message] of [
      ['Exam\u202Eslaed', 'Event name cannot contain invisible text-direction characters'],
      ['Exam\u0007', 'Event name cannot contain control characters'],
    ]) {
      await user.clear(name);
      await user.click(name);
      await user.paste(pasted);
      await user.click(screen.getByRole('button', { name: 'Save Event' }));
      expect(screen.getByRole('alert')).toHaveTextContent(message);
      expect(name).toHaveAttribute('aria-invalid', 'true');
      expect(name).toHaveAccessibleDescription(message);
    }
    // No save mock exists: a call would have shown 'Failed to save event.' instead.
    expect(screen.queryByText('Failed to save event.')).not.toBeInTheDocument();
    expect(screen.getByText('No saved events.')).toBeInTheDocument();
  });

  it('takes a name in any script, with emoji, joiners and a right-to-left mark', async () => {
    const user = userEvent.setup();
    const name = 'שלום\u200F 👩‍👩‍👧‍👦 学園祭';
    const mocks = [
      eventsMock([]),
      {
        request: { query: SaveCalendarEventDocument, variables: { date: todayKey, name } },
        result: { data: { saveCalendarEvent: { __typename: 'CalendarEvent', date: todayKey, name, post: null } } },
      },
    ];
    renderWithApollo(<CalendarPage />, { mocks });
    await screen.findByText('No saved events.');
    await selectToday(user);
    await user.click(screen.getByPlaceholderText('Enter event name...'));
    await user.paste(name);
    await user.click(screen.getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event saved successfully.')).toBeInTheDocument();
  });

  it('refuses a day past the tenth year ahead before sending', async () => {
    const user = userEvent.setup();
    renderWithApollo(<CalendarPage />, { mocks: [eventsMock([])] });
    await screen.findByText('No saved events.');
    // To January eleven years on: the calendar's years end ten years after this one.
    const lastYear = today.getFullYear() + 10;
    const next = screen.getByRole('button', { name: 'Next month' });
    // One render for all the clicks (the month moves by an updater, so none is lost).
    act(() => {
      for (let step = (lastYear + 1 - today.getFullYear()) * 12 - today.getMonth(); step > 0; step -= 1) next.click();
    });
    await user.click(screen.getByRole('button', { name: new Date(lastYear + 1, 0, 1).toDateString() }));
    await user.click(screen.getByPlaceholderText('Enter event name...'));
    await user.paste('Reunion');
    await user.click(screen.getByRole('button', { name: 'Save Event' }));
    expect(screen.getByRole('alert')).toHaveTextContent(`Please choose a date between 1900 and ${lastYear}`);
    // No save mock exists: a call would have shown 'Failed to save event.' instead.
    expect(screen.queryByText('Failed to save event.')).not.toBeInTheDocument();
  });

  it('saves one event for a day, then deletes it', async () => {
    const user = userEvent.setup();
    const mocks = [
      eventsMock([]),
      {
        request: { query: SaveCalendarEventDocument, variables: { date: todayKey, name: 'Career fair' } },
        result: { data: { saveCalendarEvent: { __typename: 'CalendarEvent', date: todayKey, name: 'Career fair', post: null } } },
      },
      {
        request: { query: DeleteCalendarEventDocument, variables: { date: todayKey } },
        result: { data: { deleteCalendarEvent: true } },
      },
    ];
    renderWithApollo(<CalendarPage />, { mocks });
    expect(await screen.findByText('No saved events.')).toBeInTheDocument();

    await selectToday(user);
    await user.type(screen.getByPlaceholderText('Enter event name...'), '  Career fair ');
    await user.click(screen.getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByText('Event saved successfully.')).toBeInTheDocument();
    expect(screen.getByText(`${today.toDateString()}`, { selector: 'li span span' })).toBeInTheDocument();
    expect(screen.queryByText('No saved events.')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /^Delete/ }));
    expect(await screen.findByText('Event deleted successfully.')).toBeInTheDocument();
    expect(screen.getByText('No saved events.')).toBeInTheDocument();
  });

  it('links an entry added from an event post back to the post (issue 18); a plain entry has no link', async () => {
    renderWithApollo(<CalendarPage />, {
      mocks: [
        eventsMock([
          { date: todayKey, name: 'Film night', postId: 'post-7' },
          { date: toDateKey(new Date(today.getFullYear(), today.getMonth(), today.getDate() + 1)), name: 'Gym' },
        ]),
      ],
    });
    const link = await screen.findByRole('link', { name: 'View post for Film night' });
    expect(link).toHaveAttribute('href', '/post/post-7');
    expect(screen.getAllByRole('link', { name: /View post/ })).toHaveLength(1);
    expect(screen.getByText('Gym', { exact: false })).toBeInTheDocument();
  });

  it('shows the fallback when the save fails', async () => {
    const user = userEvent.setup();
    const mocks = [
      eventsMock([]),
      { request: { query: SaveCalendarEventDocument, variables: { date: todayKey, name: 'Gym' } }, error: new Error('offline') },
    ];
    renderWithApollo(<CalendarPage />, { mocks });
    await screen.findByText('No saved events.');
    await selectToday(user);
    await user.type(screen.getByPlaceholderText('Enter event name...'), 'Gym');
    await user.click(screen.getByRole('button', { name: 'Save Event' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to save event.');
  });
});
