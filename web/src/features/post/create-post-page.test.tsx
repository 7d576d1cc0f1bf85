import { useState } from 'react';
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import { CreatePostDocument, MentionSuggestionsDocument } from '../../graphql/graphql';
import {
  authValue,
  postAbilityMock,
  postAsOrganizationsMock,
  renderWithApollo,
  testUser,
} from '../../shared/lib/testing/render-with-apollo';
import { makePost } from '../../shared/lib/testing/post-fixtures';
import CreatePostPage from './create-post-page';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

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

function renderPage(mocks: MockLink.MockedResponse[], route = '/create-post') {
  return renderWithApollo(
    <Routes>
      <Route path="/create-post" element={<CreatePostPage />} />
      <Route path="/" element={<p>Home screen</p>} />
    </Routes>,
    { mocks, route },
  );
}

async function uploadVideo(user: ReturnType<typeof userEvent.setup>) {
  const file = new File(['x'], 'clip.mp4', { type: 'video/mp4' });
  fireEvent.change(screen.getByLabelText('Choose a video file'), { target: { files: [file] } });
  await user.click(screen.getByRole('button', { name: 'Upload Video' }));
  expect(screen.getByText('Upload complete')).toBeInTheDocument();
  expect(screen.getByText('Video uploaded successfully')).toBeInTheDocument();
}

const createMock = (result: MockLink.MockedResponse['result'] | undefined, error?: Error): MockLink.MockedResponse => ({
  request: { query: CreatePostDocument, variables: { input: { videoUrl: mockMediaUrl, caption: 'Move-in day', tags: ['campus', 'fun'] } } },
  ...(result ? { result } : {}),
  ...(error ? { error } : {}),
  delay: 400, // long enough to see the busy state on a slow machine
});

describe('Create Post', () => {
  beforeEach(() => {
    URL.createObjectURL = jest.fn(() => 'blob:preview');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
  });
  afterEach(() => jest.restoreAllMocks());

  it('keeps Create Post disabled until a video is uploaded', async () => {
    const user = userEvent.setup();
    renderPage([]);
    expect(screen.getByRole('heading', { name: 'Create New Post' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeDisabled();
    expect(screen.getByText('Please upload a video first')).toBeInTheDocument();
    await uploadVideo(user);
    expect(screen.getByRole('button', { name: 'Create Post' })).toBeEnabled();
  });

  it('posts the uploaded video with caption and parsed tags, then goes home', async () => {
    const user = userEvent.setup();
    renderPage([createMock({ data: { createPost: makePost('new-post') } })]);
    await uploadVideo(user);
    await user.type(screen.getByPlaceholderText('Write a caption for your video...'), 'Move-in day');
    await user.type(screen.getByPlaceholderText('Add tags separated by commas (e.g. fun, campus, event)'), ' campus, #fun,, Campus ');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(screen.getByRole('button', { name: 'Creating Post...' })).toBeDisabled();
    expect(await screen.findByText('Home screen', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  it('says so when the post cannot be created', async () => {
    const user = userEvent.setup();
    renderPage([createMock(undefined, new Error('offline'))]);
    await uploadVideo(user);
    await user.type(screen.getByPlaceholderText('Write a caption for your video...'), 'Move-in day');
    await user.type(screen.getByPlaceholderText('Add tags separated by commas (e.g. fun, campus, event)'), 'campus, fun');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent('Failed to create post. Please try again.');
    expect(screen.queryByText('Home screen')).not.toBeInTheDocument();
  });

  it("shows the api's refusal of an unverified account as it is (issue 25)", async () => {
    const user = userEvent.setup();
    renderPage([
      createMock({
        errors: [{ message: 'Please verify your e-mail address first.', extensions: { code: 'FORBIDDEN_UNVERIFIED' } }],
      }),
    ]);
    await uploadVideo(user);
    await user.type(screen.getByPlaceholderText('Write a caption for your video...'), 'Move-in day');
    await user.type(screen.getByPlaceholderText('Add tags separated by commas (e.g. fun, campus, event)'), 'campus, fun');
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByRole('alert', {}, { timeout: 3000 })).toHaveTextContent(/^Please verify your e-mail address first\.$/);
    // The caption stays for when the address is verified.
    expect(screen.getByPlaceholderText('Write a caption for your video...')).toHaveValue('Move-in day');
  });

  it('explains to an unverified student, instead of the form, that posting waits for the verified e-mail (issue 25)', () => {
    mockUseAuth.mockImplementation(() => authValue({ ...testUser, emailVerified: false }));
    renderPage([postAbilityMock(false)]);
    expect(screen.getByRole('heading', { name: 'Create New Post' })).toBeInTheDocument();
    expect(screen.getByText(/Verify your e-mail to post: open the link we sent you/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Post' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Choose a video file')).not.toBeInTheDocument();
    mockUseAuth.mockImplementation(() => authValue());
  });

  it("follows the api's answer (viewerCan.post) once it comes", async () => {
    // A token that says verified, but the api says no: the form gives way to the explanation.
    renderPage([postAbilityMock(false)]);
    expect(await screen.findByText(/Verify your e-mail to post/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create Post' })).not.toBeInTheDocument();
  });

  it("sends the people mentioned whose '@Name' is still in the caption", async () => {
    const user = userEvent.setup();
    const caption = 'Move-in day with @Maya Lopez and @Sam';
    const person = (id: string, displayName: string) => ({ __typename: 'User', id, displayName, photoURL: null, isViewer: false });
    const suggestions = (query: string, found: ReturnType<typeof person>[]): MockLink.MockedResponse => ({
      request: { query: MentionSuggestionsDocument, variables: { query, first: 5 } },
      result: {
        data: { searchUsers: { __typename: 'UserConnection', edges: found.map((node) => ({ __typename: 'UserEdge', node })) } },
      },
    });
    renderPage([
      suggestions('ma', [person('u-maya', 'Maya Lopez')]),
      suggestions('sa', [person('u-sam', 'Sam Reyes')]),
      {
        request: { query: CreatePostDocument, variables: { input: { videoUrl: mockMediaUrl, caption, tags: [], mentions: ['u-maya'] } } },
        result: { data: { createPost: makePost('new-post', { caption }) } },
      },
    ]);
    await uploadVideo(user);
    const field = screen.getByRole('combobox', { name: 'Caption' });
    await user.type(field, 'Move-in day with @ma');
    await user.click(await screen.findByRole('option', { name: 'Maya Lopez' }));
    await user.keyboard('and @sa');
    await screen.findByRole('option', { name: 'Sam Reyes' });
    await user.keyboard('{Enter}');
    expect(field).toHaveValue('Move-in day with @Maya Lopez and @Sam Reyes ');
    // Sam's name is cut short again: he is no longer mentioned.
    await user.keyboard('{Backspace>7/}');
    expect(field).toHaveValue(caption);
    await user.click(screen.getByRole('button', { name: 'Create Post' }));
    expect(await screen.findByText('Home screen', {}, { timeout: 3000 })).toBeInTheDocument();
  });

  // Limits count characters as the api does (code points): 2,200 emoji are 4,400 UTF-16 units.
  describe('the caption limit (2,200 characters, an emoji being one)', () => {
    const captionField = () => screen.getByPlaceholderText('Write a caption for your video...');

    it('posts a caption of 2,200 emoji whole', async () => {
      const user = userEvent.setup();
      const caption = '🎉'.repeat(2200);
      renderPage([
        {
          request: { query: CreatePostDocument, variables: { input: { videoUrl: mockMediaUrl, caption, tags: [] } } },
          result: { data: { createPost: makePost('new-post', { caption }) } },
        },
      ]);
      await uploadVideo(user);
      await user.click(captionField());
      await user.paste(caption);
      expect(captionField()).toHaveValue(caption);
      await user.click(screen.getByRole('button', { name: 'Create Post' }));
      expect(await screen.findByText('Home screen', {}, { timeout: 3000 })).toBeInTheDocument();
    });

    it('refuses 2,201 emoji with the message the api gives, sending nothing', async () => {
      const user = userEvent.setup();
      renderPage([]); // nothing may reach the server
      await uploadVideo(user);
      await user.click(captionField());
      await user.paste('🎉'.repeat(2201));
      await user.click(screen.getByRole('button', { name: 'Create Post' }));
      expect(await screen.findByText('Caption must be at most 2,200 characters')).toBeInTheDocument();
      expect(captionField()).toHaveAttribute('aria-invalid', 'true');
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByText('Failed to create post. Please try again.')).not.toBeInTheDocument();
      expect(screen.queryByText('Home screen')).not.toBeInTheDocument();
    });
  });

  describe("'Post as' an organization (issue 26)", () => {
    const clubs = [
      { id: 'org-1', slug: 'chess-club', name: 'Chess Club' },
      { id: 'org-2', slug: 'film', name: 'Film Society' },
      // A member, not an officer: the api says it may not be posted as.
      { id: 'org-3', slug: 'rowing', name: 'Rowing', postAs: false },
    ];
    const asClub = (organizationId: string): MockLink.MockedResponse => ({
      request: {
        query: CreatePostDocument,
        variables: { input: { videoUrl: mockMediaUrl, caption: 'Open board night', tags: [], organizationId } },
      },
      result: {
        data: {
          createPost: makePost('new-post', {
            caption: 'Open board night',
            organization: { __typename: 'Organization', id: organizationId, slug: 'film', name: 'Film Society', photoURL: null },
          }),
        },
      },
    });

    it('offers the organizations the viewer may post as, and sends the one chosen', async () => {
      const user = userEvent.setup();
      renderPage([postAsOrganizationsMock(clubs), asClub('org-2')]);
      const choices = await screen.findByRole('group', { name: 'Post as' });
      expect(
        within(choices)
          .getAllByRole('radio')
          .map((radio) => radio.getAttribute('value')),
      ).toEqual(['', 'org-1', 'org-2']);
      expect(within(choices).getByRole('radio', { name: 'Yourself (Vera Viewer)' })).toBeChecked();
      expect(within(choices).queryByRole('radio', { name: 'Rowing' })).not.toBeInTheDocument();
      await user.click(within(choices).getByRole('radio', { name: 'Film Society' }));
      expect(within(choices).getByRole('radio', { name: 'Film Society' })).toBeChecked();
      expect(screen.getByText("The post shows the organization's name, with yours underneath.")).toBeInTheDocument();

      await uploadVideo(user);
      await user.type(screen.getByPlaceholderText('Write a caption for your video...'), 'Open board night');
      await user.click(screen.getByRole('button', { name: 'Create Post' }));
      expect(await screen.findByText('Home screen', {}, { timeout: 3000 })).toBeInTheDocument();
    });

    it("starts on the organization an organization page's 'Post as' link names", async () => {
      renderPage([postAsOrganizationsMock(clubs)], '/create-post?as=chess-club');
      expect(await screen.findByRole('radio', { name: 'Chess Club' })).toBeChecked();
    });

    it('shows no choice to someone who may post as no organization', async () => {
      renderPage([postAsOrganizationsMock([{ id: 'org-3', slug: 'rowing', name: 'Rowing', postAs: false }])]);
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(screen.queryByRole('group', { name: 'Post as' })).not.toBeInTheDocument();
    });
  });
});
