import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useLocation } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import { OrganizationAbilityDocument, OrganizationsDocument, SuggestedOrganizationsDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo, viewerCampusMock } from '../../shared/lib/testing/render-with-apollo';
import { emptyPage, makeOrganization } from '../../shared/lib/testing/organization-fixtures';
import { directoryFiltersFromSearch, directoryVariables, withDirectoryFilters } from './directory-filters';
import OrganizationsPage from './organizations-page';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

const campus = { id: 'c1', name: 'Demo University', shortName: 'DEMO' };
const chess = makeOrganization();
const rowing = makeOrganization({ id: 'org-2', slug: 'rowing', name: 'Rowing Society', category: 'SPORTS', memberCount: 1 });
const film = makeOrganization({
  id: 'org-3',
  slug: 'film',
  name: 'Film Club',
  category: 'ARTS',
  viewerRole: 'OFFICER',
  viewerMembership: 'MEMBER',
  campus: { __typename: 'Campus', id: 'c2', name: 'Other College', shortName: 'OC' },
});

const listMock = (variables: Record<string, unknown>, organizations: object[]): MockLink.MockedResponse => ({
  request: { query: OrganizationsDocument, variables: { first: 20, ...variables } },
  result: {
    data: {
      organizations: {
        __typename: 'OrganizationConnection',
        edges: organizations.map((node, index) => ({ __typename: 'OrganizationEdge', cursor: `k${index}`, node })),
        pageInfo: emptyPage,
      },
    },
  },
});

const suggestionsMock = (organizations: object[]): MockLink.MockedResponse => ({
  request: { query: SuggestedOrganizationsDocument, variables: { first: 6 } },
  result: { data: { suggestedOrganizations: organizations } },
});

const abilityMock = (createOrganization: boolean): MockLink.MockedResponse => ({
  request: { query: OrganizationAbilityDocument, variables: {} },
  result: { data: { viewerCan: { __typename: 'ViewerCan', createOrganization } } },
});

function Address() {
  const location = useLocation();
  return <output data-testid="address">{`${location.pathname}${location.search}`}</output>;
}

function renderDirectory(mocks: MockLink.MockedResponse[], route = '/organizations') {
  return renderWithApollo(
    <Routes>
      <Route
        path="/organizations"
        element={
          <>
            <OrganizationsPage />
            <Address />
          </>
        }
      />
    </Routes>,
    { mocks: [...mocks, viewerCampusMock(campus)], route },
  );
}

beforeEach(() => mockUseAuth.mockImplementation(() => authValue()));

describe('/organizations (issue 26)', () => {
  it("lists the viewer's campus first, with suggestions and the way to create one", async () => {
    renderDirectory([listMock({}, [chess, rowing]), suggestionsMock([film]), abilityMock(true)]);
    expect(await screen.findByRole('heading', { name: 'Organizations at Demo University' })).toBeInTheDocument();
    // The heading comes with the viewer's campus, the list with its own request: either may answer first.
    const list = await screen.findByRole('list', { name: 'Organizations' });
    expect(
      within(list)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Chess Club', 'Rowing Society']);
    expect(within(list).getByText('Academic · Demo University · 12 members')).toBeInTheDocument();
    expect(within(list).getByText('Sports · Demo University · 1 member')).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Chess Club' })).toHaveAttribute('href', '/org/chess-club');

    // Suggestions are their own request: they may arrive after the list.
    const suggested = await screen.findByRole('region', { name: 'Suggested for you' });
    expect(within(suggested).getByRole('link', { name: 'Film Club' })).toBeInTheDocument();
    expect(within(suggested).getByText('Officer')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Create an organization' })).toHaveAttribute('href', '/organizations/new');
    expect(screen.getByRole('button', { name: 'Your campus' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('searches by name once typing pauses, and keeps the search in the address', async () => {
    const user = userEvent.setup();
    renderDirectory([listMock({}, [chess, rowing]), suggestionsMock([film]), abilityMock(true), listMock({ query: 'row' }, [rowing])]);
    await screen.findByRole('heading', { name: 'Organizations at Demo University' });
    await user.type(screen.getByRole('searchbox', { name: 'Search organizations by name' }), 'row');
    expect(await screen.findByRole('heading', { name: 'Results for “row”' }, { timeout: 3000 })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Organizations' });
    expect(await within(list).findByRole('link', { name: 'Rowing Society' })).toBeInTheDocument();
    expect(within(list).queryByRole('link', { name: 'Chess Club' })).not.toBeInTheDocument();
    // A search hides the suggestions: the list is what was asked for.
    expect(screen.queryByRole('region', { name: 'Suggested for you' })).not.toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/organizations?q=row');
  });

  it('filters by category, and says when nothing matches', async () => {
    const user = userEvent.setup();
    renderDirectory([listMock({}, [chess, rowing]), suggestionsMock([]), abilityMock(true), listMock({ category: 'RELIGIOUS' }, [])]);
    await screen.findByRole('heading', { name: 'Organizations at Demo University' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Religious');
    expect(await screen.findByText('No organizations match these filters.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('/organizations?category=RELIGIOUS');
  });

  it('opens a shared address with its filters, and the campus switch widens it to every campus', async () => {
    const user = userEvent.setup();
    renderDirectory(
      [listMock({ category: 'ARTS' }, []), suggestionsMock([]), abilityMock(false), listMock({ category: 'ARTS', scope: 'ALL' }, [film])],
      '/organizations?category=arts',
    );
    expect(await screen.findByText('No organizations match these filters.', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Category' })).toHaveValue('ARTS');
    // The switch shows once the viewer's campus has loaded, which may come after the list.
    await user.click(await screen.findByRole('button', { name: 'All campuses' }));
    expect(await screen.findByRole('heading', { name: 'All organizations' }, { timeout: 3000 })).toBeInTheDocument();
    expect(await screen.findByText('Arts · Other College · 12 members', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.getByTestId('address')).toHaveTextContent('campus=all');
    // Not verified yet: no Create (the api says no).
    expect(screen.queryByRole('link', { name: 'Create an organization' })).not.toBeInTheDocument();
  });
});

describe('directory filters in the address', () => {
  it('reads them, ignores an unknown category and sends only what narrows the list', () => {
    const filters = directoryFiltersFromSearch(new URLSearchParams('q=%20chess%20&category=sports'));
    expect(filters).toEqual({ query: 'chess', category: 'SPORTS' });
    expect(directoryVariables(filters, 'MINE', 20)).toEqual({ first: 20, query: 'chess', category: 'SPORTS' });
    expect(directoryVariables({ query: '', category: null }, 'ALL', 20)).toEqual({ first: 20, scope: 'ALL' });
    expect(directoryFiltersFromSearch(new URLSearchParams('category=chess'))).toEqual({ query: '', category: null });
    const written = withDirectoryFilters(new URLSearchParams('campus=all&q=old'), { query: '', category: 'ARTS' });
    expect(written.toString()).toBe('campus=all&category=ARTS');
  });
});
