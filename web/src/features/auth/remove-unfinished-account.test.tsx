// Undoing a sign-up whose profile could not be saved: what is left behind for the student.
import type { User } from 'firebase/auth';
import { deleteUser } from 'firebase/auth';
import { RemoveUnfinishedAccountDocument, SyncUserDocument } from '../../graphql/graphql';
import { removeUnfinishedAccount } from './remove-unfinished-account';
import { syncUserProfile } from './sync-user';

const mockMutate = jest.fn();
jest.mock('../../shared/lib/apollo-instance', () => ({ getApolloClient: () => ({ mutate: mockMutate }) }));
jest.mock('firebase/auth', () => ({ deleteUser: jest.fn() }));

const deleteUserMock = deleteUser as jest.MockedFunction<typeof deleteUser>;
const newUser = { uid: 'new-uid' } as User;
const mutationsSent = () => mockMutate.mock.calls.map(([options]) => options.mutation);

beforeEach(() => {
  mockMutate.mockReset();
  deleteUserMock.mockReset();
  jest.spyOn(console, 'info').mockImplementation(() => undefined);
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('removing an unfinished account', () => {
  it('asks the api to remove the account with any profile row, and is done', async () => {
    mockMutate.mockResolvedValue({ data: { deleteAccount: true } });
    await expect(removeUnfinishedAccount(newUser)).resolves.toBe(true);
    expect(mutationsSent()).toEqual([RemoveUnfinishedAccountDocument]);
    expect(deleteUserMock).not.toHaveBeenCalled();
  });

  it('removes the identity account directly when the api cannot be reached', async () => {
    mockMutate.mockRejectedValue(new TypeError('Failed to fetch'));
    deleteUserMock.mockResolvedValue();
    await expect(removeUnfinishedAccount(newUser)).resolves.toBe(true);
    expect(deleteUserMock).toHaveBeenCalledWith(newUser);
  });

  it('reports that the account stays when neither can remove it', async () => {
    mockMutate.mockRejectedValue(new TypeError('Failed to fetch'));
    deleteUserMock.mockRejectedValue(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }));
    await expect(removeUnfinishedAccount(newUser)).resolves.toBe(false);
  });

  it('waits for a sync already under way, so that sync cannot bring the profile back afterwards', async () => {
    let finishSync: (value: unknown) => void = () => undefined;
    mockMutate.mockImplementation(({ mutation }) =>
      mutation === SyncUserDocument ? new Promise((resolve) => (finishSync = resolve)) : Promise.resolve({ data: { deleteAccount: true } }),
    );
    const sync = syncUserProfile({});
    const removal = removeUnfinishedAccount(newUser);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(mutationsSent()).toEqual([SyncUserDocument]);

    finishSync({ data: { syncUser: { id: 'new-uid', displayName: null, photoURL: null, email: null, dateOfBirth: null } } });
    await sync;
    await expect(removal).resolves.toBe(true);
    expect(mutationsSent()).toEqual([SyncUserDocument, RemoveUnfinishedAccountDocument]);
  });
});
