import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import type { MockLink } from '@apollo/client/testing';
import {
  DecideJoinRequestDocument,
  HideOrganizationDocument,
  JoinOrganizationDocument,
  LeaveOrganizationDocument,
  OrganizationJoinRequestsDocument,
  OrganizationMembersDocument,
  OrganizationPageDocument,
  SetOrganizationOfficerDocument,
} from '../../graphql/graphql';
import { authValue, renderWithApollo, testUser } from '../../shared/lib/testing/render-with-apollo';
import { ORGANIZATION_CAN, emptyPage, makeOrganization, person } from '../../shared/lib/testing/organization-fixtures';
import OrganizationPage from './organization-page';

const mockUseAuth = jest.fn(() => authValue());
jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => mockUseAuth() }));

const pageMock = (organization: object | null): MockLink.MockedResponse => ({
  request: { query: OrganizationPageDocument, variables: { slug: 'chess-club' } },
  result: { data: { organization } },
});

function renderPage(mocks: MockLink.MockedResponse[], route = '/org/chess-club') {
  return renderWithApollo(
    <Routes>
      <Route path="/org/:slug" element={<OrganizationPage />} />
    </Routes>,
    { mocks, route },
  );
}

const membersMock = (members: Array<{ role: string; user: object }>): MockLink.MockedResponse => ({
  request: { query: OrganizationMembersDocument, variables: { slug: 'chess-club', first: 20 } },
  result: {
    data: {
      organization: {
        __typename: 'Organization',
        id: 'org-1',
        members: {
          __typename: 'OrganizationMemberConnection',
          edges: members.map((node, index) => ({
            __typename: 'OrganizationMemberEdge',
            cursor: `m${index}`,
            node: { __typename: 'OrganizationMember', ...node },
          })),
          pageInfo: emptyPage,
        },
      },
    },
  },
  maxUsageCount: Number.POSITIVE_INFINITY,
});

const requestsMock = (people: object[], maxUsageCount = 1): MockLink.MockedResponse => ({
  maxUsageCount,
  request: { query: OrganizationJoinRequestsDocument, variables: { slug: 'chess-club', first: 20 } },
  result: {
    data: {
      organization: {
        __typename: 'Organization',
        id: 'org-1',
        pendingRequests: {
          __typename: 'JoinRequestConnection',
          edges: people.map((user, index) => ({
            __typename: 'JoinRequestEdge',
            cursor: `r${index}`,
            node: { __typename: 'OrganizationJoinRequest', requestedAt: '2026-11-20T12:00:00.000Z', user },
          })),
          pageInfo: emptyPage,
        },
      },
    },
  },
});

beforeEach(() => {
  mockUseAuth.mockImplementation(() => authValue());
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('organization page (issue 26)', () => {
  it('says so when there is no organization at that address', async () => {
    renderPage([pageMock(null)]);
    expect(screen.getByText('Loading organization')).toBeInTheDocument();
    expect(await screen.findByText('Organization not found')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Find organizations' })).toHaveAttribute('href', '/organizations');
  });

  it("shows a visitor the header and About, and Join for an open organization, but nothing of an officer's", async () => {
    const user = userEvent.setup();
    renderPage([
      pageMock(makeOrganization()),
      {
        request: { query: JoinOrganizationDocument, variables: { id: 'org-1' } },
        result: {
          data: {
            joinOrganization: makeOrganization(
              { viewerRole: 'MEMBER', viewerMembership: 'MEMBER', memberCount: 13 },
              ORGANIZATION_CAN.member,
            ),
          },
        },
        delay: 50,
      },
    ]);
    expect(await screen.findByRole('heading', { name: 'Chess Club', level: 1 })).toBeInTheDocument();
    expect(screen.getByText(/Academic/)).toHaveTextContent('Category: Academic · Campus: Demo University');
    expect(screen.getByTestId('member-count')).toHaveTextContent('12 members');
    expect(screen.getByRole('tab', { name: 'About' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText('We play on Tuesdays in the library.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Edit organization' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Post as/ })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Follow' })).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('button', { name: 'Report organization' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Moderation' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('status')).toHaveTextContent('You joined Chess Club.');
    expect(screen.getByTestId('member-count')).toHaveTextContent('13 members');
    expect(screen.queryByRole('button', { name: 'Join' })).not.toBeInTheDocument();
    expect(screen.getByText('Member', { selector: 'span' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Leave' })).toBeInTheDocument();
  });

  it('asks to join one joined by request, then shows Requested with a way to withdraw', async () => {
    const user = userEvent.setup();
    const byRequest = { joinMode: 'REQUEST' };
    renderPage([
      pageMock(makeOrganization(byRequest)),
      {
        request: { query: JoinOrganizationDocument, variables: { id: 'org-1' } },
        result: {
          data: { joinOrganization: makeOrganization({ ...byRequest, viewerMembership: 'REQUESTED' }, ORGANIZATION_CAN.requested) },
        },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Request to join' }));
    expect(await screen.findByText('Request sent. An officer will approve or decline it.')).toBeInTheDocument();
    expect(screen.getByText('Requested')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Withdraw request' })).toBeInTheDocument();
  });

  it("shows the api's words when joining is refused (a verified e-mail first)", async () => {
    const user = userEvent.setup();
    renderPage([
      pageMock(makeOrganization()),
      {
        request: { query: JoinOrganizationDocument, variables: { id: 'org-1' } },
        result: { errors: [{ message: 'Please verify your e-mail address first.', extensions: { code: 'FORBIDDEN_UNVERIFIED' } }] },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Join' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please verify your e-mail address first.');
  });

  it('asks before a member leaves; Cancel keeps them, a refusal is said in the question', async () => {
    const user = userEvent.setup();
    renderPage([
      pageMock(makeOrganization({ viewerRole: 'MEMBER', viewerMembership: 'MEMBER' }, ORGANIZATION_CAN.member)),
      {
        request: { query: LeaveOrganizationDocument, variables: { id: 'org-1' } },
        result: { errors: [{ message: 'Something went wrong on our side.' }] },
      },
      {
        request: { query: LeaveOrganizationDocument, variables: { id: 'org-1' } },
        result: { data: { leaveOrganization: makeOrganization({ memberCount: 11 }) } },
      },
    ]);
    await user.click(await screen.findByRole('button', { name: 'Leave' }));
    let dialog = screen.getByRole('alertdialog', { name: 'Leave Chess Club?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Leave' }));
    dialog = screen.getByRole('alertdialog', { name: 'Leave Chess Club?' });
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    await user.click(within(dialog).getByRole('button', { name: 'Leave' }));
    expect(await screen.findByRole('button', { name: 'Join' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByText('You left Chess Club.')).toBeInTheDocument();
  });

  it('gives the owner Edit and Post as, and no Leave (they hand over first)', async () => {
    renderPage([pageMock(makeOrganization({ viewerRole: 'OWNER', viewerMembership: 'MEMBER' }, ORGANIZATION_CAN.owner))]);
    expect(await screen.findByRole('link', { name: 'Edit organization' })).toHaveAttribute('href', '/org/chess-club/edit');
    expect(screen.getByRole('link', { name: 'Post as Chess Club' })).toHaveAttribute('href', '/create-post?as=chess-club');
    expect(screen.getByText('You are the owner.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Leave' })).not.toBeInTheDocument();
    // One does not report what one runs (the api says no).
    expect(screen.queryByRole('button', { name: 'Report organization' })).not.toBeInTheDocument();
  });

  it('gives a moderator the way to hide it, with a note the owner is told', async () => {
    const user = userEvent.setup();
    const visible = makeOrganization({}, ORGANIZATION_CAN.moderator);
    renderPage([
      pageMock(visible),
      {
        request: { query: HideOrganizationDocument, variables: { id: 'org-1', hidden: true, note: 'Offensive name' } },
        result: { data: { hideOrganization: { ...visible, status: 'HIDDEN' } } },
      },
    ]);
    const tools = await screen.findByRole('region', { name: 'Moderation' });
    await user.click(within(tools).getByRole('button', { name: 'Hide organization' }));
    const dialog = screen.getByRole('dialog', { name: 'Hide Chess Club?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Why? The owner is told.' }), 'Offensive name');
    await user.click(within(dialog).getByRole('button', { name: 'Hide organization' }));
    expect(await within(tools).findByText('Hidden: only moderators see it now.')).toBeInTheDocument();
    expect(within(tools).getByText('Hidden by a moderator: only moderators see it.')).toBeInTheDocument();
    expect(within(tools).getByRole('button', { name: 'Show again' })).toBeInTheDocument();
  });

  it('moves between the sections with the arrow keys, as tabs do', async () => {
    const user = userEvent.setup();
    renderPage([pageMock(makeOrganization()), membersMock([])]);
    const about = await screen.findByRole('tab', { name: 'About' });
    about.focus();
    await user.keyboard('{End}');
    const members = screen.getByRole('tab', { name: 'Members' });
    expect(members).toHaveAttribute('aria-selected', 'true');
    expect(members).toHaveFocus();
    expect(await screen.findByText('No members yet.')).toBeInTheDocument();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'About' })).toHaveFocus();
  });

  describe('Members', () => {
    const owner = person(testUser.uid, 'Vera Viewer');
    const officer = person('u-officer', 'Olu Officer');
    const member = person('u-member', 'Sam Member');
    const roster = [
      { role: 'OWNER', user: owner },
      { role: 'OFFICER', user: officer },
      { role: 'MEMBER', user: member },
    ];

    it('lists officers first with their roles, and a visitor gets no controls and no requests', async () => {
      renderPage([pageMock(makeOrganization()), membersMock(roster)], '/org/chess-club?tab=members');
      const list = await screen.findByRole('list', { name: 'Members' });
      const rows = within(list).getAllByRole('listitem');
      expect(rows).toHaveLength(3);
      expect(rows[0]).toHaveTextContent(/Vera Viewer.*Owner$/);
      expect(rows[1]).toHaveTextContent(/Olu Officer.*Officer$/);
      expect(rows[2]).toHaveTextContent(/Sam Member.*student$/);
      expect(within(list).queryByRole('button')).not.toBeInTheDocument();
      expect(screen.queryByRole('heading', { name: /Requests to join/ })).not.toBeInTheDocument();
    });

    it('lets an officer approve a request and remove a member (after asking), but not touch officers', async () => {
      const user = userEvent.setup();
      mockUseAuth.mockImplementation(() => authValue({ ...testUser, uid: 'u-officer' }));
      const asOfficer = makeOrganization({ viewerRole: 'OFFICER', viewerMembership: 'MEMBER' }, ORGANIZATION_CAN.officer);
      const requester = person('u-new', 'Nia Newcomer');
      renderPage(
        [
          pageMock(asOfficer),
          membersMock(roster),
          requestsMock([requester]),
          requestsMock([], Number.POSITIVE_INFINITY),
          {
            request: { query: DecideJoinRequestDocument, variables: { id: 'org-1', userId: 'u-new', approve: true } },
            result: { data: { decideJoinRequest: { ...asOfficer, memberCount: 13 } } },
          },
        ],
        '/org/chess-club?tab=members',
      );
      expect(await screen.findByRole('heading', { name: 'Requests to join (1)' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Approve Nia Newcomer' }));
      expect(await screen.findByText('Nia Newcomer joined.')).toBeInTheDocument();
      expect(await screen.findByText('No requests waiting.')).toBeInTheDocument();

      const list = screen.getByRole('list', { name: 'Members' });
      expect(within(list).queryByRole('button', { name: /Olu Officer/ })).not.toBeInTheDocument();
      expect(within(list).queryByRole('button', { name: /Make officer/ })).not.toBeInTheDocument();
      await user.click(within(list).getByRole('button', { name: 'Remove: Sam Member' }));
      expect(screen.getByRole('alertdialog', { name: 'Remove Sam Member from Chess Club?' })).toBeInTheDocument();
    });

    it('lets the owner make a member an officer after confirming, and offers hand-over', async () => {
      const user = userEvent.setup();
      const asOwner = makeOrganization({ viewerRole: 'OWNER', viewerMembership: 'MEMBER' }, ORGANIZATION_CAN.owner);
      const promoted = jest.fn(() => ({ data: { setOfficer: asOwner } }));
      renderPage(
        [
          pageMock(asOwner),
          membersMock(roster),
          requestsMock([], Number.POSITIVE_INFINITY),
          {
            request: { query: SetOrganizationOfficerDocument, variables: { id: 'org-1', userId: 'u-member', officer: true } },
            result: promoted,
          },
        ],
        '/org/chess-club?tab=members',
      );
      const list = await screen.findByRole('list', { name: 'Members' });
      // Nothing on the owner's own row; an officer can be demoted or handed the organization.
      const [ownRow, officerRow] = within(list).getAllByRole('listitem');
      expect(within(ownRow!).queryByRole('button')).not.toBeInTheDocument();
      expect(within(officerRow!).getByRole('button', { name: 'Remove as officer: Olu Officer' })).toBeInTheDocument();
      expect(within(officerRow!).getByRole('button', { name: 'Make owner: Olu Officer' })).toBeInTheDocument();
      expect(within(officerRow!).queryByRole('button', { name: 'Remove: Olu Officer' })).not.toBeInTheDocument();

      await user.click(within(list).getByRole('button', { name: 'Make officer: Sam Member' }));
      const dialog = screen.getByRole('alertdialog', { name: 'Make Sam Member an officer?' });
      expect(promoted).not.toHaveBeenCalled();
      await user.click(within(dialog).getByRole('button', { name: 'Make officer' }));
      expect(await screen.findByText('Sam Member is now an officer.')).toBeInTheDocument();
      expect(promoted).toHaveBeenCalledTimes(1);
    });
  });
});
