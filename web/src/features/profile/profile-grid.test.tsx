import { screen, within } from '@testing-library/react';
import { authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makePost } from '../../shared/lib/testing/post-fixtures';
import { ProfilePostsGrid } from './profile-sections';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

/** A post as ProfilePostFields selects it. */
function tile(id: string, overrides: Record<string, unknown> = {}) {
  const { author: _author, viewerHasLiked: _liked, ...post } = makePost(id, overrides);
  return post;
}

beforeEach(() => stubMediaPlayback());

describe('profile posts grid', () => {
  it('links each tile to the post’s own page and shows its like and comment counts', () => {
    renderWithApollo(
      <ProfilePostsGrid
        posts={[
          tile('p1', { likeCount: 12, commentCount: 3 }),
          tile('p2', { likeCount: 1, commentCount: 1 }),
          tile('p3', { likeCount: -1, commentCount: 0 }),
        ]}
        hasNextPage={false}
        loadingMore={false}
        onLoadMore={() => undefined}
      />,
    );
    const first = screen.getByRole('link', { name: 'Open post: 12 likes, 3 comments' });
    expect(first).toHaveAttribute('href', '/post/p1');
    expect(within(first).getByTestId('tile-like-count')).toHaveTextContent('12');
    expect(within(first).getByTestId('tile-comment-count')).toHaveTextContent('3');
    expect(screen.getByRole('link', { name: 'Open post: 1 like, 1 comment' })).toHaveAttribute('href', '/post/p2');
    // A count is never shown below 0.
    expect(screen.getByRole('link', { name: 'Open post: 0 likes, 0 comments' })).toHaveAttribute('href', '/post/p3');
  });

  it('keeps the owner’s controls beside the link', () => {
    renderWithApollo(
      <ProfilePostsGrid
        posts={[tile('p1')]}
        hasNextPage={false}
        loadingMore={false}
        onLoadMore={() => undefined}
        postActions={(post) => <button type="button">Delete {post.id}</button>}
      />,
    );
    expect(screen.getByRole('link', { name: 'Open post: 3 likes, 0 comments' })).toHaveAttribute('href', '/post/p1');
    expect(screen.getByRole('button', { name: 'Delete p1' })).toBeInTheDocument();
  });
});
