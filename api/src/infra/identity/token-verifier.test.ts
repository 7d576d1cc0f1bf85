import { TokenVerifier } from './token-verifier';

/**
 * The verifier's own rule for failures: a moment's failure to reach the identity provider is
 * tried once more; a token that is simply wrong is refused at once, without a second try.
 */
describe('TokenVerifier', () => {
  let verifier: TokenVerifier;
  let attempts: Array<() => Promise<unknown>>;
  let calls: number;

  beforeEach(() => {
    verifier = new TokenVerifier({ firebase: { projectId: 'demo-campus-clips', authEmulatorHost: null } });
    calls = 0;
    // The firebase-admin Auth the verifier asks, answering from the script below.
    (verifier as unknown as { auth: { verifyIdToken: () => Promise<unknown> } }).auth = {
      verifyIdToken: () => attempts[calls++]!(),
    };
  });

  afterEach(async () => {
    await verifier.close();
  });

  const decoded = {
    uid: 'ada',
    email: 'ada@example.edu',
    exp: Math.floor(Date.now() / 1000) + 3600,
    firebase: { sign_in_provider: 'password' },
  };
  const failure = (code: string) => () => Promise.reject(Object.assign(new Error(code), { code }));

  it('tries once more when the identity provider could not be reached, and then signs the student in', async () => {
    attempts = [failure('app/network-error'), () => Promise.resolve(decoded)];
    await expect(verifier.verify('token-a')).resolves.toMatchObject({ uid: 'ada', email: 'ada@example.edu' });
    expect(calls).toBe(2);
  });

  it('refuses a wrong token at once, and an expired one with its own message', async () => {
    attempts = [failure('auth/argument-error'), () => Promise.resolve(decoded)];
    await expect(verifier.verify('token-b')).rejects.toMatchObject({ message: 'Your sign-in token is not valid. Please sign in again.' });
    expect(calls).toBe(1);
    calls = 0;
    attempts = [failure('auth/id-token-expired')];
    await expect(verifier.verify('token-c')).rejects.toMatchObject({ message: 'Your session has expired. Please sign in again.' });
  });

  it('refuses the token when the second try fails too', async () => {
    attempts = [failure('auth/internal-error'), failure('auth/internal-error')];
    await expect(verifier.verify('token-d')).rejects.toMatchObject({ message: 'Your sign-in token is not valid. Please sign in again.' });
    expect(calls).toBe(2);
  });
});
