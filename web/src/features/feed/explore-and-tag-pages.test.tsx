import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { ExploreFeedDocument, PostsByTagDocument } from '../../graphql/graphql';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makeConnection, makePost } from '../../shared/lib/testing/post-fixtures';
import ExplorePage from './explore-page';
import TagPage from './tag-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
});

describe('Explore', () => {
  it('shows its title, subtitle and empty state', async () => {
    renderWithApollo(<ExplorePage />, {
      mocks: [
        { request: { query: ExploreFeedDocument, variables: { first: 10 } }, result: { data: { explore: makeConnection([], false) } } },
      ],
    });
    expect(screen.getByRole('heading', { name: 'Explore New Content' })).toBeInTheDocument();
    expect(screen.getByText("Discover posts from new people you aren't following yet.")).toBeInTheDocument();
    expect(await screen.findByText('No new posts to explore.')).toBeInTheDocument();
    expect(screen.getByText('Check back later for new content!')).toBeInTheDocument();
  });

  it('lists posts with author link, caption and #tags linking to their tag page', async () => {
    const post = makePost('p9', { tags: ['study group'], author: null });
    renderWithApollo(<ExplorePage />, {
      mocks: [
        { request: { query: ExploreFeedDocument, variables: { first: 10 } }, result: { data: { explore: makeConnection([post], false) } } },
      ],
    });
    expect(await screen.findByText('Caption of p9')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Unknown User/ })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: '#study group' })).toHaveAttribute('href', '/tags/study%20group');
    expect(screen.getByText("You've reached the end!")).toBeInTheDocument();
  });
});

describe('tag page', () => {
  it('lists the posts carrying the tag', async () => {
    renderWithApollo(
      <Routes>
        <Route path="/tags/:tag" element={<TagPage />} />
      </Routes>,
      {
        route: '/tags/campus',
        mocks: [
          {
            request: { query: PostsByTagDocument, variables: { tag: 'campus', first: 10 } },
            result: { data: { postsByTag: makeConnection([makePost('p1')], false) } },
          },
        ],
      },
    );
    expect(screen.getByRole('heading', { name: '#campus' })).toBeInTheDocument();
    expect(await screen.findByText('Caption of p1')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Author p1/ })).toHaveAttribute('href', '/user/author-of-p1');
  });
});
