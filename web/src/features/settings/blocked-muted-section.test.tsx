// Issue 14 in Settings: the blocked and muted accounts, each with Unblock or Unmute.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import { BlockedAndMutedUsersDocument, UnblockUserDocument, UnmuteUserDocument } from '../../graphql/graphql';
import { authValue, renderWithApollo } from '../../shared/lib/testing/render-with-apollo';
import { BlockedMutedSection } from './blocked-muted-section';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const person = (id: string, displayName: string) => ({ __typename: 'User', id, displayName, photoURL: null, photoSources: [] });
const ann = person('ann', 'Ann Archer');
const ben = person('ben', 'Ben Baker');

const listsMock = (blockedUsers: object[], mutedUsers: object[]): MockLink.MockedResponse => ({
  request: { query: BlockedAndMutedUsersDocument, variables: {} },
  result: { data: { blockedUsers, mutedUsers } },
});

const call = (query: MockLink.MockedResponse['request']['query'], name: string, userId: string): MockLink.MockedResponse => ({
  request: { query, variables: { userId } },
  result: { data: { [name]: true } },
});

beforeEach(() => jest.spyOn(console, 'error').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('Settings: blocked and muted accounts', () => {
  it('says so when nobody is blocked or muted', async () => {
    renderWithApollo(<BlockedMutedSection />, { mocks: [listsMock([], [])] });
    expect(screen.getByRole('heading', { name: 'Blocked and muted accounts' })).toBeInTheDocument();
    expect(await screen.findByText('You have not blocked or muted anyone.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('lists both, and Unblock and Unmute take people off until none are left', async () => {
    const user = userEvent.setup();
    renderWithApollo(<BlockedMutedSection />, {
      mocks: [listsMock([ann], [ben]), call(UnblockUserDocument, 'unblockUser', 'ann'), call(UnmuteUserDocument, 'unmuteUser', 'ben')],
    });
    const blocked = await screen.findByRole('list', { name: 'Blocked accounts' });
    const muted = screen.getByRole('list', { name: 'Muted accounts' });
    expect(within(blocked).getByText('Ann Archer')).toBeInTheDocument();
    expect(within(muted).getByText('Ben Baker')).toBeInTheDocument();
    expect(screen.queryByText('You have not blocked or muted anyone.')).not.toBeInTheDocument();

    await user.click(within(blocked).getByRole('button', { name: 'Unblock Ann Archer' }));
    expect(await screen.findByText('Unblocked Ann Archer.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Blocked accounts' })).not.toBeInTheDocument();
    expect(screen.queryByText('Ann Archer')).not.toBeInTheDocument();

    await user.click(within(muted).getByRole('button', { name: 'Unmute Ben Baker' }));
    expect(await screen.findByText('Unmuted Ben Baker.')).toBeInTheDocument();
    expect(screen.getByText('You have not blocked or muted anyone.')).toBeInTheDocument();
  });

  it('keeps the person listed and says why when Unblock fails', async () => {
    const user = userEvent.setup();
    renderWithApollo(<BlockedMutedSection />, {
      mocks: [listsMock([ann], []), { request: { query: UnblockUserDocument, variables: { userId: 'ann' } }, error: new Error('offline') }],
    });
    await user.click(await screen.findByRole('button', { name: 'Unblock Ann Archer' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to unblock Ann Archer. Please try again.');
    expect(screen.getByRole('button', { name: 'Unblock Ann Archer' })).toBeEnabled();
  });
});
