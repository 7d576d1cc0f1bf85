import { UserService } from '../../src/modules/users/user.service';
import { expiredToken, MALFORMED_TOKEN } from '../support/identity';
import { createIdentity } from '../support/identity';
import { createStudent, graphql, startTestServer, type TestServer } from '../support/test-server';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const SYNC = `mutation($input: SyncUserInput!) { syncUser(input: $input) { id email displayName dateOfBirth isViewer } }`;
const PROFILE = `query($id: ID!) { user(id: $id) { id displayName email dateOfBirth bio interests followerCount isViewer } }`;

describe('syncUser', () => {
  it('takes the uid and e-mail from the verified token, never from the input', async () => {
    const identity = await createIdentity();
    const result = await graphql(server, identity.token, SYNC, { input: { displayName: 'Ada Lovelace', dateOfBirth: '2001-05-05' } });
    expect(result.errors).toBeUndefined();
    expect(result.data.syncUser).toEqual({
      id: identity.uid,
      email: identity.email,
      displayName: 'Ada Lovelace',
      dateOfBirth: '2001-05-05',
      isViewer: true,
    });
  });

  it('refuses someone younger than 17 with the spec message, and stores nothing', async () => {
    const identity = await createIdentity();
    const today = new Date();
    const sixteen = `${today.getUTCFullYear() - 16}-01-01`;
    const result = await graphql(server, identity.token, SYNC, { input: { displayName: 'Young One', dateOfBirth: sixteen } });
    expect(result.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      fields: { dateOfBirth: 'You must be at least 17 years old to sign up' },
    });
    const lookup = await graphql(server, null, PROFILE, { id: identity.uid });
    expect(lookup.data.user).toBeNull();
  });

  it('refuses a one-character name with the spec message', async () => {
    const identity = await createIdentity();
    const result = await graphql(server, identity.token, SYNC, { input: { displayName: 'A', dateOfBirth: '2000-01-01' } });
    expect(result.errors?.[0]?.extensions?.fields).toEqual({ displayName: 'Please enter your full name (minimum 2 characters)' });
  });

  it('needs a signed-in user; malformed and expired tokens are refused', async () => {
    const anonymous = await graphql(server, null, SYNC, { input: { displayName: 'Nobody Here' } });
    expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const malformed = await graphql(server, MALFORMED_TOKEN, SYNC, { input: { displayName: 'Nobody Here' } });
    expect(malformed.status).toBe(401);
    expect(malformed.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    const identity = await createIdentity();
    const expired = await graphql(server, expiredToken(identity.uid), SYNC, { input: { displayName: 'Nobody Here' } });
    expect(expired.status).toBe(401);
    expect(expired.errors?.[0]?.message).toBe('Your session has expired. Please sign in again.');
  });
});

describe('the 17+ rule in every time zone (D8)', () => {
  // Noon UTC on 10 March 2026 is already 11 March in UTC+14, the first time zone into a new day:
  // a student there born on 11 March 2009 turns 17 today, and the browser lets them sign up.
  const NOON_UTC = new Date('2026-03-10T12:00:00Z');
  const SEVENTEEN_TODAY_IN_UTC_PLUS_14 = '2009-03-11';
  const SEVENTEEN_TOMORROW_EVERYWHERE = '2009-03-12';
  const COMPLETE_PROFILE = `mutation($dateOfBirth: LocalDate!) { updateProfile(input: { dateOfBirth: $dateOfBirth }) { dateOfBirth } }`;
  const underage = { code: 'BAD_USER_INPUT', fields: { dateOfBirth: 'You must be at least 17 years old to sign up' } };

  let systemClockUsers: UserService;
  beforeAll(() => {
    const { services, database, media } = server.app;
    systemClockUsers = services.users;
    services.users = new UserService(database.dataSource, media.service, systemClockUsers.signUps, () => NOON_UTC);
  });
  afterAll(() => {
    server.app.services.users = systemClockUsers;
  });

  it('accepts on sign-in sync a 17th birthday that has begun east of UTC while UTC is still on the day before', async () => {
    const signUp = await createIdentity();
    const synced = await graphql(server, signUp.token, SYNC, {
      input: { displayName: 'Kiri Early', dateOfBirth: SEVENTEEN_TODAY_IN_UTC_PLUS_14 },
    });
    expect(synced.errors).toBeUndefined();
    expect(synced.data.syncUser.dateOfBirth).toBe(SEVENTEEN_TODAY_IN_UTC_PLUS_14);
  });

  it("accepts the same birthday on the 'Complete your profile' step of a Google sign-up", async () => {
    // A Google sign-up has no date of birth yet and gives it on that step.
    const google = await createIdentity();
    expect((await graphql(server, google.token, SYNC, { input: { displayName: 'Tonga Early' } })).errors).toBeUndefined();
    const completed = await graphql(server, google.token, COMPLETE_PROFILE, { dateOfBirth: SEVENTEEN_TODAY_IN_UTC_PLUS_14 });
    expect(completed.errors).toBeUndefined();
    expect(completed.data.updateProfile.dateOfBirth).toBe(SEVENTEEN_TODAY_IN_UTC_PLUS_14);
  });

  it('still refuses a 17th birthday that no time zone has reached yet', async () => {
    const signUp = await createIdentity();
    const synced = await graphql(server, signUp.token, SYNC, {
      input: { displayName: 'Too Early', dateOfBirth: SEVENTEEN_TOMORROW_EVERYWHERE },
    });
    expect(synced.errors?.[0]?.extensions).toMatchObject(underage);

    const google = await createIdentity();
    await graphql(server, google.token, SYNC, { input: { displayName: 'Also Early' } });
    const completed = await graphql(server, google.token, COMPLETE_PROFILE, { dateOfBirth: SEVENTEEN_TOMORROW_EVERYWHERE });
    expect(completed.errors?.[0]?.extensions).toMatchObject(underage);
  });
});

describe('profiles', () => {
  it('shows e-mail and date of birth to their owner only (D9)', async () => {
    const owner = await createStudent(server, { displayName: 'Grace Hopper', dateOfBirth: '1999-12-09' });
    const other = await createStudent(server);
    const own = await graphql(server, owner.token, PROFILE, { id: owner.uid });
    expect(own.data.user).toMatchObject({ email: owner.email, dateOfBirth: '1999-12-09', isViewer: true });
    for (const token of [other.token, null]) {
      const seen = await graphql(server, token, PROFILE, { id: owner.uid });
      expect(seen.data.user).toMatchObject({ displayName: 'Grace Hopper', email: null, dateOfBirth: null, isViewer: false });
    }
  });

  it('updates bio and interests, refusing unknown interests and over-long bios with field messages', async () => {
    const student = await createStudent(server);
    const UPDATE = `mutation($input: UpdateProfileInput!) { updateProfile(input: $input) { bio interests displayName } }`;
    const ok = await graphql(server, student.token, UPDATE, { input: { bio: 'Chemistry major', interests: ['Chemistry', 'Hiking'] } });
    expect(ok.data.updateProfile).toMatchObject({ bio: 'Chemistry major', interests: ['Chemistry', 'Hiking'] });

    const bad = await graphql(server, student.token, UPDATE, {
      input: { bio: 'x'.repeat(501), interests: ['Knitting'], displayName: 'Z' },
    });
    expect(bad.errors?.[0]?.extensions?.fields).toEqual({
      bio: 'Bio must be at most 500 characters',
      interests: 'Please choose interests from the list',
      displayName: 'Please enter your full name (minimum 2 characters)',
    });
    const after = await graphql(server, student.token, PROFILE, { id: student.uid });
    expect(after.data.user).toMatchObject({ bio: 'Chemistry major', interests: ['Chemistry', 'Hiking'] });
  });

  it('lists the 31 interests of the catalogue', async () => {
    const result = await graphql(
      server,
      null,
      `
        {
          interestCatalogue
        }
      `,
    );
    expect(result.data.interestCatalogue).toHaveLength(31);
    expect(result.data.interestCatalogue).toContain('Computer Science');
  });
});
