import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import { ExploreFeedDocument, PostsByTagDocument } from '../../graphql/graphql';
import {
  FakeIntersectionObserver,
  authValue,
  renderWithApollo,
  stubMediaPlayback,
  viewerCampusMock,
} from '../../shared/lib/testing/render-with-apollo';
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

describe('Explore, campus first (issue 25)', () => {
  const campus = { id: 'c1', name: 'Example University', shortName: 'EXU' };
  const mine = makePost('p-mine', { caption: 'From our quad' });
  const theirs = makePost('p-theirs', { caption: 'From across town', author: { ...makePost('x').author, id: 'far', verified: false } });
  const exploreMock = (posts: ReturnType<typeof makePost>[], scope?: 'ALL') => ({
    request: { query: ExploreFeedDocument, variables: { first: 10, ...(scope ? { scope } : {}) } },
    result: { data: { explore: makeConnection(posts, false) } },
  });

  function Address() {
    const { search } = useLocation();
    return <p data-testid="address">{search}</p>;
  }

  const page = (
    <>
      <ExplorePage />
      <Address />
    </>
  );

  it("lists the viewer's campus, then every campus after 'All campuses', the choice in the address", async () => {
    const user = userEvent.setup();
    renderWithApollo(page, {
      route: '/explore',
      mocks: [viewerCampusMock(campus), exploreMock([mine]), exploreMock([mine, theirs], 'ALL')],
    });
    expect(await screen.findByText('From our quad')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Your campus' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('group', { name: 'Show posts from' })).toBeInTheDocument();
    expect(screen.queryByText('From across town')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All campuses' }));
    expect(screen.getByTestId('address')).toHaveTextContent('?campus=all');
    expect(await screen.findByText('From across town')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'All campuses' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Your campus' }));
    expect(screen.getByTestId('address')).toBeEmptyDOMElement();
    expect(await screen.findByText('From our quad')).toBeInTheDocument();
    expect(screen.queryByText('From across town')).not.toBeInTheDocument();
  });

  it('an address with ?campus=all (a reload, Back) opens on every campus', async () => {
    renderWithApollo(page, { route: '/explore?campus=all', mocks: [viewerCampusMock(campus), exploreMock([mine, theirs], 'ALL')] });
    expect(await screen.findByText('From across town')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'All campuses' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('shows no switch to a viewer without a campus', async () => {
    renderWithApollo(page, { route: '/explore', mocks: [exploreMock([mine])] });
    expect(await screen.findByText('From our quad')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Your campus' })).not.toBeInTheDocument();
  });

  it("puts the verified badge beside a verified author's name, and none beside the others", async () => {
    renderWithApollo(page, { route: '/explore?campus=all', mocks: [exploreMock([mine, theirs], 'ALL')] });
    const verifiedCard = (await screen.findByText('From our quad')).closest('article')!;
    expect(within(verifiedCard).getByRole('img', { name: 'Verified student' })).toBeInTheDocument();
    // Outside the author link: the link's name stays the author's name.
    expect(within(verifiedCard).getByRole('link', { name: 'Author p-mine' })).toBeInTheDocument();
    const otherCard = screen.getByText('From across town').closest('article')!;
    expect(within(otherCard).queryByRole('img', { name: 'Verified student' })).not.toBeInTheDocument();
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
