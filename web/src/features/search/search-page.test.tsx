// /search (issue 27): the query and the tab come from the address and decide the request; Top shows
// each kind in its section; the tabs are ARIA tabs; an empty result names what was searched; the
// next page comes as the last result scrolls into view; a clip opens in the player.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLocation } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import { SearchDocument, ViewerCampusDocument } from '../../graphql/graphql';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import { makePost, userCan } from '../../shared/lib/testing/post-fixtures';
import SearchPage from './search-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
});
afterEach(() => jest.restoreAllMocks());

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

const person = (id: string, displayName: string) => ({
  __typename: 'User' as const,
  id,
  displayName,
  photoURL: null,
  interests: ['Robotics'],
  followerCount: 4,
  isViewer: false,
  viewerIsFollowing: false,
  viewerCan: userCan(),
});
const tag = (name: string, postCount: number) => ({ __typename: 'Tag' as const, name, postCount });
const organization = (id: string, name: string, slug: string, memberCount: number, photoURL: string | null = null) => ({
  __typename: 'Organization' as const,
  id,
  slug,
  name,
  category: 'ACADEMIC' as const,
  photoURL,
  memberCount,
});
const eventPost = (id: string, name: string) =>
  makePost(id, {
    caption: name,
    event: {
      __typename: 'PostEvent' as const,
      name,
      date: '2030-05-04',
      startTime: '18:00',
      endTime: null,
      timeZone: 'Europe/London',
      startsAt: '2030-05-04T17:00:00.000Z',
      endsAt: null,
      place: 'Main hall',
      addedCount: 2,
    },
  });

type Kind = 'PEOPLE' | 'CLIPS' | 'TAGS' | 'EVENTS' | 'ORGANIZATIONS';
type Node = ReturnType<typeof person> | ReturnType<typeof tag> | ReturnType<typeof organization> | ReturnType<typeof makePost>;

function searchMock(
  variables: { q: string; type: string; after?: string; scope?: string },
  results: Array<[Kind, Node]>,
  hasNextPage = false,
): MockLink.MockedResponse {
  const edges = results.map(([kind, node], i) => ({
    __typename: 'SearchEdge' as const,
    cursor: `${variables.type}-${variables.after ?? ''}${i}`,
    kind,
    node,
  }));
  return {
    request: { query: SearchDocument, variables: { first: 10, ...variables } },
    result: {
      data: {
        search: {
          __typename: 'SearchConnection',
          edges,
          pageInfo: { __typename: 'PageInfo', hasNextPage, endCursor: edges.at(-1)?.cursor ?? null },
        },
      },
    },
  };
}

function renderSearch(route: string, mocks: MockLink.MockedResponse[]) {
  return renderWithApollo(
    <>
      <SearchPage />
      <Address />
    </>,
    { route, mocks },
  );
}

describe('Search page', () => {
  it('Top: people, organizations, tags, events and clips, each in its section, for the query in the address', async () => {
    renderSearch('/search?q=robotics', [
      searchMock({ q: 'robotics', type: 'TOP' }, [
        ['PEOPLE', person('u1', 'Robin Otis')],
        ['ORGANIZATIONS', organization('o1', 'Robotics Club', 'robotics-club', 1)],
        ['TAGS', tag('robotics', 12)],
        ['EVENTS', eventPost('e1', 'Robotics fair')],
        ['CLIPS', makePost('p1', { caption: 'Our robot dances' })],
        ['CLIPS', eventPost('e1', 'Robotics fair')],
      ]),
    ]);
    expect(screen.getByRole('heading', { name: 'Search', level: 1 })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'People' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'People' })).getByRole('link', { name: 'Robin Otis' })).toHaveAttribute(
      'href',
      '/user/u1',
    );
    expect(within(screen.getByRole('region', { name: 'People' })).getByRole('button', { name: 'Follow Robin Otis' })).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Tags' })).getByRole('link', { name: '#robotics 12 clips' })).toHaveAttribute(
      'href',
      '/tags/robotics',
    );
    const organizations = within(screen.getByRole('region', { name: 'Organizations' }));
    expect(organizations.getByRole('link', { name: 'Robotics Club' })).toHaveAttribute('href', '/org/robotics-club');
    expect(organizations.getByText('Academic · 1 member')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent)).toEqual([
      'People',
      'Organizations',
      'Tags',
      'Events',
      'Clips',
    ]);
    expect(within(screen.getByRole('region', { name: 'Events' })).getByText('Main hall', { exact: false })).toBeInTheDocument();
    const clips = within(screen.getByRole('region', { name: 'Clips' }));
    expect(clips.getByRole('button', { name: 'Open clip by Author p1 full screen: Our robot dances' })).toBeInTheDocument();
    expect(screen.getByText(/^Results for/)).toHaveTextContent('Results for “robotics”');
    expect(document.title).toBe('Search: robotics · Campus Clips');
  });

  it('the tabs are ARIA tabs: the address names the selected one, clicks and arrow keys change it', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=maya&tab=people', [
      searchMock({ q: 'maya', type: 'PEOPLE' }, [['PEOPLE', person('u2', 'Maya Chen')]]),
      searchMock({ q: 'maya', type: 'CLIPS' }, [['CLIPS', makePost('p2', { caption: 'Maya on stage' })]]),
      searchMock({ q: 'maya', type: 'TAGS' }, []),
    ]);
    const tabs = screen.getByRole('tablist', { name: 'What to search' });
    expect(
      within(tabs)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Top', 'People', 'Clips', 'Tags', 'Events', 'Organizations']);
    expect(within(tabs).getByRole('tab', { name: 'People' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.getByRole('tabpanel')).toHaveAccessibleName('People');

    await user.click(within(tabs).getByRole('tab', { name: 'Clips' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=maya&tab=clips');
    expect(await screen.findByText('Maya on stage')).toBeInTheDocument();
    expect(within(tabs).getByRole('tab', { name: 'Clips' })).toHaveAttribute('aria-selected', 'true');

    await user.keyboard('{ArrowRight}');
    expect(within(tabs).getByRole('tab', { name: 'Tags' })).toHaveFocus();
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=maya&tab=tags');
    expect(await screen.findByText('No tags for “maya”')).toBeInTheDocument();
  });

  it('the Organizations tab: each with its picture, its page, category and members; none found says so', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=chess&tab=organizations', [
      searchMock({ q: 'chess', type: 'ORGANIZATIONS' }, [
        ['ORGANIZATIONS', organization('o1', 'Chess Club', 'chess-club', 24, 'https://media.test/chess.jpg')],
        ['ORGANIZATIONS', organization('o2', 'Chess Klub', 'chess-klub', 0)],
      ]),
      searchMock({ q: 'chess', type: 'EVENTS' }, []),
    ]);
    const tabs = screen.getByRole('tablist', { name: 'What to search' });
    expect(within(tabs).getByRole('tab', { name: 'Organizations' })).toHaveAttribute('aria-selected', 'true');
    expect(await screen.findByRole('link', { name: 'Chess Club' })).toHaveAttribute('href', '/org/chess-club');
    expect(screen.getByRole('link', { name: 'Chess Klub' })).toHaveAttribute('href', '/org/chess-klub');
    expect(screen.getByText('Academic · 24 members')).toBeInTheDocument();
    expect(screen.getByText('Academic · 0 members')).toBeInTheDocument();
    // The picture stands beside the name, so it says nothing of its own.
    expect(screen.getByRole('presentation')).toHaveAttribute('src', 'https://media.test/chess.jpg');

    await user.click(within(tabs).getByRole('tab', { name: 'Events' }));
    await user.keyboard('{ArrowRight}');
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=chess&tab=organizations');
  });

  it('an empty result says what was searched', async () => {
    renderSearch('/search?q=zzyzx', [searchMock({ q: 'zzyzx', type: 'TOP' }, [])]);
    expect(await screen.findByText('No results for “zzyzx”')).toBeInTheDocument();
    expect(screen.getByText('Check the spelling, try fewer words, or look in another tab.')).toBeInTheDocument();
  });

  it('without a query, it says how to search; over 100 characters, the rule’s words, asking nothing', async () => {
    const { unmount } = renderSearch('/search', []);
    expect(screen.getByText(/Search for people, organizations, clips, tags and events/)).toBeInTheDocument();
    unmount();
    renderSearch(`/search?q=${'x'.repeat(101)}`, []);
    expect(screen.getByRole('alert')).toHaveTextContent('A search must be at most 100 characters');
  });

  it('shows the api’s refusal in its words', async () => {
    renderSearch('/search?q=fair', [
      {
        request: { query: SearchDocument, variables: { q: 'fair', type: 'TOP', first: 10 } },
        result: { errors: [{ message: 'Too many requests. Please wait 30 seconds and try again.', extensions: { code: 'RATE_LIMITED' } }] },
      },
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 30 seconds and try again.');
  });

  it('infinite scroll: the last result in view brings the next page, after the end cursor', async () => {
    renderSearch('/search?q=marathon&tab=clips', [
      searchMock({ q: 'marathon', type: 'CLIPS' }, [['CLIPS', makePost('m1', { caption: 'Marathon one' })]], true),
      searchMock({ q: 'marathon', type: 'CLIPS', after: 'CLIPS-0' }, [['CLIPS', makePost('m2', { caption: 'Marathon two' })]], false),
    ]);
    const first = await screen.findByText('Marathon one');
    FakeIntersectionObserver.intersect(first.closest('li')!);
    expect(await screen.findByText('Marathon two')).toBeInTheDocument();
    expect(screen.getByText('Marathon one')).toBeInTheDocument();
  });

  it('a clip opens in the full-screen player, its id in the address beside the query', async () => {
    const user = userEvent.setup();
    renderSearch('/search?q=robot&tab=clips', [
      searchMock({ q: 'robot', type: 'CLIPS' }, [['CLIPS', makePost('p9', { caption: 'Robot arm' })]]),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Open clip by Author p9 full screen: Robot arm' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=robot&tab=clips&view=p9');
    expect(await screen.findByRole('dialog', { name: /^Clip viewer/ }, { timeout: 5000 })).toBeInTheDocument();
  });

  it("a student with a campus sees its people first, and 'All campuses' asks for every campus and stays in the address", async () => {
    const user = userEvent.setup();
    const campus = { __typename: 'Campus' as const, id: 'c1', name: 'Northfield University', shortName: 'NFU' };
    const viewerCampus: MockLink.MockedResponse = {
      request: { query: ViewerCampusDocument },
      result: { data: { viewer: { __typename: 'User', id: 'viewer', verified: true, campus } } },
    };
    renderSearch('/search?q=maya&tab=people', [
      viewerCampus,
      searchMock({ q: 'maya', type: 'PEOPLE' }, [['PEOPLE', person('u2', 'Maya Chen')]]),
      searchMock({ q: 'maya', type: 'PEOPLE', scope: 'ALL' }, [
        ['PEOPLE', person('u2', 'Maya Chen')],
        ['PEOPLE', person('u3', 'Maya Elsewhere')],
      ]),
      searchMock({ q: 'maya', type: 'CLIPS', scope: 'ALL' }, []),
    ]);
    expect(await screen.findByText('Showing results from Northfield University.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Maya Chen' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Maya Elsewhere' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'All campuses' }));
    expect(await screen.findByRole('link', { name: 'Maya Elsewhere' })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=maya&tab=people&campus=all');
    // Another tab keeps the choice.
    await user.click(screen.getByRole('tab', { name: 'Clips' }));
    expect(screen.getByTestId('address')).toHaveTextContent('/search?q=maya&tab=clips&campus=all');
    expect(await screen.findByText('No clips for “maya”')).toBeInTheDocument();
  });
});
