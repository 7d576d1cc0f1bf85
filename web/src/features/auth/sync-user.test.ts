import { ApolloClient, ApolloLink, InMemoryCache, ServerError } from '@apollo/client';
import { Observable, of, throwError } from 'rxjs';
import { syncUserProfile } from './sync-user';

// The sync step talks to the app's Apollo Client; each test gives it a link that fails its own way.
let failure: () => Observable<ApolloLink.Result> = () => throwError(() => new Error('unset'));
jest.mock('../../shared/lib/apollo-instance', () => ({
  getApolloClient: () => new ApolloClient({ cache: new InMemoryCache(), link: new ApolloLink(() => failure()) }),
}));

const input = { displayName: 'Grace Hopper', dateOfBirth: '2001-12-09' };

describe('syncUserProfile failures, worded as the spec client wrapper does (§7, §8)', () => {
  it("says 'Failed to sync with database' when the server answers without a message", async () => {
    failure = () =>
      throwError(() => new ServerError('Response not successful', { response: new Response('', { status: 502 }), bodyText: '' }));
    await expect(syncUserProfile(input)).rejects.toThrow('Failed to sync with database');
  });

  it("says 'Connection failed' when the server cannot be reached", async () => {
    failure = () => throwError(() => new TypeError('Failed to fetch'));
    await expect(syncUserProfile(input)).rejects.toThrow('Connection failed');
  });

  it("shows the server's own message when it sent one", async () => {
    failure = () => of({ errors: [{ message: 'You must be at least 17 years old to sign up' }] });
    await expect(syncUserProfile(input)).rejects.toThrow('You must be at least 17 years old to sign up');
  });
});
