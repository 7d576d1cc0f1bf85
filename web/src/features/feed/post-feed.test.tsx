// Spec §8 "Feeds" and the client wrapper: which words a student sees when a feed cannot load.
import { screen } from '@testing-library/react';
import { ServerError } from '@apollo/client';
import { ExploreFeedDocument, HomeFeedDocument } from '../../graphql/graphql';
import { FakeIntersectionObserver, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import ExplorePage from './explore-page';
import HomePage from './home-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

beforeEach(() => {
  FakeIntersectionObserver.install();
  stubMediaPlayback();
});

const firstPage = { first: 10 };
const offline = () => new TypeError('Failed to fetch');
const badGateway = () =>
  new ServerError('Response not successful: Received status code 502', {
    response: new Response('<html>Bad Gateway</html>', { status: 502, statusText: 'Bad Gateway' }),
    bodyText: '<html>Bad Gateway</html>',
  });

describe('feed error messages', () => {
  it("says 'Connection failed' when the explore feed cannot reach the server", async () => {
    renderWithApollo(<ExplorePage />, { mocks: [{ request: { query: ExploreFeedDocument, variables: firstPage }, error: offline() }] });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Connection failed$/);
  });

  it("says 'Failed to fetch posts' when the server refuses without a message", async () => {
    renderWithApollo(<HomePage />, { mocks: [{ request: { query: HomeFeedDocument, variables: firstPage }, error: badGateway() }] });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch posts$/);
  });

  it("says 'Failed to fetch posts' when the server's error carries no message", async () => {
    renderWithApollo(<ExplorePage />, {
      mocks: [{ request: { query: ExploreFeedDocument, variables: firstPage }, result: { errors: [{ message: '' }] } }],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(/^Failed to fetch posts$/);
  });
});
