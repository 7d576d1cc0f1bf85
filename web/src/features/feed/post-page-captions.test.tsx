import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import { CommentAddedDocument, PostCommentsDocument, PostPageDocument, RemoveCaptionTrackDocument } from '../../graphql/graphql';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makePost } from '../../shared/lib/testing/post-fixtures';
import PostPage from './post-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
});

const cue = (start: number, end: number, text: string) => ({ __typename: 'CaptionCue' as const, start, end, text });
const english = {
  __typename: 'CaptionTrack' as const,
  language: 'en',
  label: 'English',
  url: '/media/captions/en.vtt',
  source: 'UPLOAD',
  cues: [cue(0.2, 1.4, 'Narrator: Welcome to Campus Clips.'), cue(61.4, 62.9, 'Every clip can have captions.')],
};
const spanish = {
  ...english,
  language: 'es',
  label: 'Español',
  url: '/media/captions/es.vtt',
  source: 'CLIP',
  cues: [cue(0.2, 1.4, 'Bienvenidos.')],
};

function page(editCaptions: boolean, tracks = [english, spanish]) {
  return makePost('p1', {
    captionTracks: tracks,
    viewerCan: { __typename: 'PostViewerCan', delete: editCaptions, report: !editCaptions, editCaptions },
  });
}

function render(post: ReturnType<typeof makePost>, extra: MockLink.MockedResponse[] = []) {
  const comments = {
    request: { query: PostCommentsDocument, variables: { postId: 'p1', first: 20 } },
    result: {
      data: {
        post: {
          __typename: 'Post',
          id: 'p1',
          commentCount: 0,
          comments: {
            __typename: 'CommentConnection',
            edges: [],
            pageInfo: { __typename: 'PageInfo', hasNextPage: false, endCursor: null },
          },
        },
      },
    },
  };
  return renderWithApollo(
    <Routes>
      <Route path="/post/:id" element={<PostPage />} />
    </Routes>,
    {
      route: '/post/p1',
      mocks: [
        { request: { query: PostPageDocument, variables: { id: 'p1' } }, result: { data: { post } } },
        comments,
        { request: { query: CommentAddedDocument, variables: { postId: 'p1' } }, delay: Infinity, maxUsageCount: 10 },
        ...extra,
      ],
    },
  );
}

describe('a clip’s page with captions (issue 28)', () => {
  it('lists the transcript as text with each line’s time, in the language chosen', async () => {
    render(page(false));
    const transcript = await screen.findByRole('region', { name: 'Transcript' });
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0:00Narrator: Welcome to Campus Clips.', '1:01Every clip can have captions.']);
    expect(within(transcript).getByRole('list')).toHaveAttribute('lang', 'en');
    await userEvent.selectOptions(within(transcript).getByLabelText('Language'), 'Español');
    expect(
      within(transcript)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['0:00Bienvenidos.']);
    // Only its author changes them.
    expect(screen.queryByRole('region', { name: 'Your captions' })).not.toBeInTheDocument();
  });

  it('shows no transcript for a clip without captions', async () => {
    render(page(false, []));
    await screen.findByRole('article');
    expect(screen.queryByRole('region', { name: 'Transcript' })).not.toBeInTheDocument();
  });

  it('lets the author remove a track', async () => {
    const removed = {
      request: { query: RemoveCaptionTrackDocument, variables: { postId: 'p1', language: 'es' } },
      result: { data: { removeCaptionTrack: page(true, [english]) } },
    };
    render(page(true), [removed]);
    const editor = await screen.findByRole('region', { name: 'Your captions' });
    expect(within(editor).getByText(/from the clip's own subtitles/)).toBeInTheDocument();
    await userEvent.click(within(editor).getByRole('button', { name: 'Remove captions: Español' }));
    expect(await within(editor).findByText('Captions removed: Español')).toHaveAttribute('role', 'status');
    await waitFor(() => expect(within(editor).queryByRole('button', { name: 'Remove captions: Español' })).not.toBeInTheDocument());
  });
});
