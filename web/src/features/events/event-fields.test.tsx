// The create-post form's "Add an event" section (issue 18), through the real Create Post page.
import { useState } from 'react';
import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import { CreatePostDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { makePost } from '../../shared/lib/testing/post-fixtures';
import { toDateKey } from '../../shared/lib/local-date';
import CreatePostPage from '../post/create-post-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

// The tus transfer itself needs a server; here an upload "finishes" as soon as it starts.
const mockMediaUrl = '/media/videos/finished.mp4';
jest.mock('../../shared/lib/tus-upload', () => ({
  useTusUpload: () => {
    const [status, setStatus] = useState<'idle' | 'complete'>('idle');
    return {
      start: () => setStatus('complete'),
      progress: status === 'complete' ? 100 : 0,
      status,
      mediaUrl: status === 'complete' ? mockMediaUrl : null,
      error: null,
      reset: () => setStatus('idle'),
    };
  },
}));

const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
const inDays = (days: number) => toDateKey(new Date(Date.now() + days * 24 * 60 * 60 * 1000));
const caption = 'Film night: Casablanca\nBring a blanket';

function renderPage(mocks: MockLink.MockedResponse[]) {
  return renderWithApollo(
    <Routes>
      <Route path="/create-post" element={<CreatePostPage />} />
      <Route path="/" element={<p>Home screen</p>} />
    </Routes>,
    { mocks, route: '/create-post' },
  );
}

async function startPost(user: ReturnType<typeof userEvent.setup>) {
  const file = new File(['x'], 'clip.mp4', { type: 'video/mp4' });
  fireEvent.change(screen.getByLabelText('Choose a video file'), { target: { files: [file] } });
  await user.click(screen.getByRole('button', { name: 'Upload Video' }));
  fireEvent.change(screen.getByPlaceholderText('Write a caption for your video...'), { target: { value: caption } });
  await user.click(screen.getByRole('button', { name: 'Add an event' }));
}

const setField = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function createMock(event: Record<string, unknown>, result: MockLink.MockedResponse['result']): MockLink.MockedResponse {
  return {
    request: { query: CreatePostDocument, variables: { input: { videoUrl: mockMediaUrl, caption, tags: [], event } } },
    result,
  };
}

beforeEach(() => {
  URL.createObjectURL = jest.fn(() => 'blob:preview');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('Add an event', () => {
  it('is closed at first and opens to the event fields; the name defaults to the caption’s first line', async () => {
    const user = userEvent.setup();
    renderPage([]);
    const toggle = screen.getByRole('button', { name: 'Add an event' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByLabelText('Event name')).not.toBeInTheDocument();
    await startPost(user);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(screen.getByLabelText('Event name')).toHaveAttribute('placeholder', 'Film night: Casablanca');
  });

  it('posts the event with the browser’s time zone, leaving the name to the caption', async () => {
    const user = userEvent.setup();
    const date = inDays(3);
    const sent = jest.fn(() => ({ data: { createPost: makePost('new-post') } }));
    renderPage([createMock({ date, startTime: '19:00', endTime: '21:30', place: 'Main hall', timeZone: zone }, sent)]);
    await startPost(user);
    setField('Date', date);
    setField('Starts at', '19:00');
    setField('Ends at (optional)', '21:30');
    await user.type(screen.getByLabelText('Place (optional)'), '  Main hall ');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Home screen', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
  });

  it('shows each problem by its field and sends nothing', async () => {
    const user = userEvent.setup();
    const sent = jest.fn(() => ({ data: { createPost: makePost('new-post') } }));
    renderPage([createMock({}, sent)]);
    await startPost(user);
    fireEvent.change(screen.getByPlaceholderText('Write a caption for your video...'), { target: { value: '' } });
    setField('Event name', '   ');
    setField('Starts at', '19:00');
    setField('Ends at (optional)', '18:00');
    setField('Place (optional)', 'p'.repeat(201));
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(screen.getByLabelText('Event name')).toHaveAccessibleDescription('Please enter an event name.');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('Please choose the day of the event.');
    expect(screen.getByLabelText('Ends at (optional)')).toHaveAccessibleDescription('The event must end after it starts, on the same day.');
    expect(screen.getByLabelText('Place (optional)')).toHaveAccessibleDescription('Place must be at most 200 characters');
    expect(screen.getByLabelText('Starts at')).toHaveAttribute('aria-invalid', 'false');
    expect(sent).not.toHaveBeenCalled();

    // A name over the limit, a day already gone.
    setField('Event name', 'n'.repeat(201));
    setField('Date', inDays(-1));
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByLabelText('Event name')).toHaveAccessibleDescription('Event name must be at most 200 characters');
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('The event cannot start in the past.');
    expect(sent).not.toHaveBeenCalled();
    // Nothing typed is lost.
    expect(screen.getByLabelText('Ends at (optional)')).toHaveValue('18:00');
    expect(screen.getByLabelText('Place (optional)')).toHaveValue('p'.repeat(201));
  });

  it('refuses an event that starts this very minute, in the words the api uses for it (start <= now)', async () => {
    const user = userEvent.setup();
    const sent = jest.fn(() => ({ data: { createPost: makePost('new-post') } }));
    renderPage([createMock({}, sent)]);
    await startPost(user);
    const now = new Date();
    setField('Date', toDateKey(now));
    setField('Starts at', `${String(now.getHours()).padStart(2, '0')}:${String(now.getMinutes()).padStart(2, '0')}`);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    // api/test/api/shared-rules.test.ts: the api refuses the same start with the same sentence.
    expect(screen.getByLabelText('Starts at')).toHaveAccessibleDescription('The event cannot start in the past.');
    expect(sent).not.toHaveBeenCalled();
  });

  it('refuses a name or place holding control or text-direction characters, and a day over two years ahead, sending nothing', async () => {
    const user = userEvent.setup();
    const sent = jest.fn(() => ({ data: { createPost: makePost('new-post') } }));
    renderPage([createMock({}, sent)]);
    await startPost(user);
    setField('Event name', 'Film\u202Enight');
    setField('Date', inDays(2 * 366 + 1));
    setField('Starts at', '19:00');
    setField('Place (optional)', 'Main\u0007hall');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByLabelText('Event name')).toHaveAccessibleDescription(
      'Event name cannot contain invisible text-direction characters',
    );
    expect(screen.getByLabelText('Date')).toHaveAccessibleDescription('The event must be within 2 years from today.');
    expect(screen.getByLabelText('Place (optional)')).toHaveAccessibleDescription('Place cannot contain control characters');
    expect(sent).not.toHaveBeenCalled();
  });

  it('shows the api’s event.* problems by their fields and keeps what was typed', async () => {
    const user = userEvent.setup();
    const date = inDays(2);
    renderPage([
      createMock(
        { name: 'Casablanca', date, startTime: '02:30', timeZone: zone },
        {
          errors: [
            {
              message: 'Invalid input',
              extensions: {
                code: 'BAD_USER_INPUT',
                fields: { 'event.startTime': 'That time does not exist in this time zone (the clocks change then).' },
              },
            },
          ],
        },
      ),
    ]);
    await startPost(user);
    await user.type(screen.getByLabelText('Event name'), 'Casablanca');
    setField('Date', date);
    setField('Starts at', '02:30');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));

    expect(await screen.findByText('That time does not exist in this time zone (the clocks change then).')).toBeInTheDocument();
    expect(screen.getByLabelText('Starts at')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByText('Failed to create post. Please try again.')).toBeInTheDocument();
    expect(screen.getByLabelText('Event name')).toHaveValue('Casablanca');
    expect(screen.getByLabelText('Date')).toHaveValue(date);
    expect(screen.getByPlaceholderText('Write a caption for your video...')).toHaveValue(caption);
  });

  it('closing the section posts an ordinary clip', async () => {
    const user = userEvent.setup();
    const sent = jest.fn(() => ({ data: { createPost: makePost('new-post') } }));
    renderPage([
      { request: { query: CreatePostDocument, variables: { input: { videoUrl: mockMediaUrl, caption, tags: [] } } }, result: sent },
    ]);
    await startPost(user);
    setField('Starts at', 'bad');
    await user.click(screen.getByRole('button', { name: 'Add an event' }));
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Home screen', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(sent).toHaveBeenCalledTimes(1);
  });
});
