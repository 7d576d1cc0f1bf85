// Issue 14: /moderation lists the open reports for moderators, takes their decisions, and tells
// everyone else it is not for them.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MockLink } from '@apollo/client/testing';
import {
  ModerateDocument,
  ModerationLogDocument,
  ModerationQueueDocument,
  ModerationTeamDocument,
  SetModeratorDocument,
} from '../../graphql/graphql';
import { abilitiesMock, authValue, renderWithApollo, stubMediaPlayback } from '../../shared/lib/testing/render-with-apollo';
import ModerationPage from './moderation-page';

jest.mock('../../shared/session/auth-context', () => ({ useAuth: () => authValue() }));

const author = (id: string, displayName: string) => ({ __typename: 'User', id, displayName, photoURL: null });

const postGroup = {
  __typename: 'ReportGroup',
  targetType: 'POST',
  targetId: 'post-1',
  content: 'Look at this',
  videoUrl: '/media/videos/post-1.mp4',
  reasons: ['SPAM', 'HATE'],
  details: ['Links to a scam site', 'Same video posted ten times'],
  reporterCount: 3,
  latestAt: '2026-11-20T12:00:00.000Z',
  authorHistory: ['warn: spam links'],
  authorSuspended: false,
  authorSuspendedUntil: null,
  targetAuthor: author('sam', 'Sam Student'),
};

const commentGroup = {
  __typename: 'ReportGroup',
  targetType: 'COMMENT',
  targetId: 'comment-1',
  content: 'You are all idiots',
  videoUrl: null,
  reasons: ['HARASSMENT'],
  details: [],
  reporterCount: 1,
  latestAt: '2026-11-19T12:00:00.000Z',
  authorHistory: [],
  authorSuspended: false,
  authorSuspendedUntil: null,
  targetAuthor: author('kim', 'Kim Commenter'),
};

const accountGroup = {
  __typename: 'ReportGroup',
  targetType: 'USER',
  targetId: 'lee',
  content: 'Lee Impostor',
  videoUrl: null,
  reasons: ['OTHER'],
  details: ['Pretends to be the dean'],
  reporterCount: 2,
  latestAt: '2026-11-18T12:00:00.000Z',
  authorHistory: [],
  authorSuspended: false,
  authorSuspendedUntil: null,
  targetAuthor: author('lee', 'Lee Impostor'),
};

const queueMock = (order: 'NEWEST' | 'MOST_REPORTED', groups: object[]): MockLink.MockedResponse => ({
  request: { query: ModerationQueueDocument, variables: { order } },
  result: { data: { moderationQueue: groups } },
});

const groupNamed = (name: string) => screen.getByRole('article', { name });

beforeEach(() => {
  stubMediaPlayback();
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

describe('the moderation queue', () => {
  it('lists each group with what was reported, why, by how many, the author and their history', async () => {
    renderWithApollo(<ModerationPage />, { mocks: [queueMock('NEWEST', [postGroup, commentGroup, accountGroup])] });

    expect(await screen.findByRole('heading', { name: 'Post by Sam Student' })).toBeInTheDocument();
    const post = groupNamed('Post by Sam Student');
    expect(within(post).getByLabelText('Reported video by Sam Student')).toHaveAttribute('src', '/media/videos/post-1.mp4');
    expect(within(post).getByText('Look at this')).toBeInTheDocument();
    expect(within(post).getByText('Spam, Hate')).toBeInTheDocument();
    expect(within(post).getByText('Reported by 3 students')).toBeInTheDocument();
    expect(within(post).getByText('“Links to a scam site”')).toBeInTheDocument();
    expect(within(post).getByText('“Same video posted ten times”')).toBeInTheDocument();
    expect(within(post).getByRole('link', { name: 'Sam Student' })).toHaveAttribute('href', '/user/sam');
    expect(within(post).getByText('warn: spam links')).toBeInTheDocument();
    for (const action of ['Dismiss', 'Remove', 'Warn', 'Suspend']) {
      expect(within(post).getByRole('button', { name: action })).toBeInTheDocument();
    }
    // Sam is not suspended: there is nothing to lift.
    expect(within(post).queryByRole('button', { name: 'Lift suspension' })).not.toBeInTheDocument();

    const comment = groupNamed('Comment by Kim Commenter');
    expect(within(comment).getByText('You are all idiots')).toBeInTheDocument();
    expect(within(comment).getByText('Harassment or bullying')).toBeInTheDocument();
    expect(within(comment).getByText('Reported by 1 student')).toBeInTheDocument();
    expect(within(comment).getByText('No earlier decisions.')).toBeInTheDocument();

    // An account cannot be removed, only warned or suspended.
    const account = groupNamed('Account: Lee Impostor');
    expect(within(account).queryByRole('button', { name: 'Remove' })).not.toBeInTheDocument();
    expect(within(account).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('offers Lift suspension only for an author who is suspended, and says until when', async () => {
    const suspendedPostAuthor = { ...postGroup, authorSuspended: true, authorSuspendedUntil: '2026-12-01T09:30:00.000Z' };
    const suspendedForGood = { ...accountGroup, authorSuspended: true, authorSuspendedUntil: null };
    renderWithApollo(<ModerationPage />, { mocks: [queueMock('NEWEST', [suspendedPostAuthor, commentGroup, suspendedForGood])] });

    const post = await screen.findByRole('article', { name: 'Post by Sam Student' });
    expect(within(post).getByRole('button', { name: 'Lift suspension' })).toBeInTheDocument();
    expect(within(post).getByText('Suspended until 2026-12-01')).toBeInTheDocument();
    const account = groupNamed('Account: Lee Impostor');
    expect(within(account).getByRole('button', { name: 'Lift suspension' })).toBeInTheDocument();
    expect(within(account).getByText('Suspended for good')).toBeInTheDocument();

    // Kim is not suspended: nothing to lift, and no suspension shown.
    const comment = groupNamed('Comment by Kim Commenter');
    expect(within(comment).queryByRole('button', { name: 'Lift suspension' })).not.toBeInTheDocument();
    expect(within(comment).queryByText(/^Suspended/)).not.toBeInTheDocument();
    expect(within(comment).getByRole('button', { name: 'Suspend' })).toBeInTheDocument();
  });

  it('switches to Most reported', async () => {
    const user = userEvent.setup();
    renderWithApollo(<ModerationPage />, {
      mocks: [queueMock('NEWEST', [commentGroup, postGroup]), queueMock('MOST_REPORTED', [postGroup, commentGroup])],
    });
    await screen.findByRole('heading', { name: 'Post by Sam Student' });
    const headings = () => screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);
    expect(headings()).toEqual(['Comment by Kim Commenter', 'Post by Sam Student']);
    expect(screen.getByRole('button', { name: 'Newest' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Most reported' }));
    expect(screen.getByRole('button', { name: 'Most reported' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(headings()).toEqual(['Post by Sam Student', 'Comment by Kim Commenter']));
  });

  it('asks why before removing, then the group leaves the list', async () => {
    const user = userEvent.setup();
    renderWithApollo(<ModerationPage />, {
      mocks: [
        queueMock('NEWEST', [postGroup, commentGroup]),
        {
          request: {
            query: ModerateDocument,
            variables: { input: { targetType: 'POST', targetId: 'post-1', decision: 'REMOVE', note: 'Spam links' } },
          },
          result: { data: { moderate: true } },
          delay: 200,
        },
      ],
    });
    const post = await screen.findByRole('article', { name: 'Post by Sam Student' });
    await user.click(within(post).getByRole('button', { name: 'Remove' }));

    const dialog = screen.getByRole('dialog', { name: 'Remove this post?' });
    // The note is required: the author is told.
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByText('Please say why (the author is told)')).toBeInTheDocument();
    await user.type(within(dialog).getByRole('textbox', { name: 'Why? The author is told.' }), 'Spam links');
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(within(dialog).getByRole('button', { name: 'Removing...' })).toBeDisabled();

    expect(await screen.findByText('Removed. The author is told why.')).toBeInTheDocument();
    expect(screen.queryByRole('article', { name: 'Post by Sam Student' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Comment by Kim Commenter' })).toBeInTheDocument();
  });

  it('suspends for the days given, and shows a refused decision in the dialog', async () => {
    const user = userEvent.setup();
    renderWithApollo(<ModerationPage />, {
      mocks: [
        queueMock('NEWEST', [accountGroup]),
        {
          request: {
            query: ModerateDocument,
            variables: { input: { targetType: 'USER', targetId: 'lee', decision: 'SUSPEND', note: 'Impersonation', days: 7 } },
          },
          result: { data: null, errors: [{ message: 'Too many requests. Please wait 30 seconds.', extensions: { code: 'RATE_LIMITED' } }] },
        },
      ],
    });
    const account = await screen.findByRole('article', { name: 'Account: Lee Impostor' });
    await user.click(within(account).getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Lee Impostor?' });
    await user.type(within(dialog).getByRole('textbox', { name: 'Why? The author is told.' }), 'Impersonation');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Days' }), '7');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Too many requests. Please wait 30 seconds.');
    expect(screen.getByRole('article', { name: 'Account: Lee Impostor' })).toBeInTheDocument();
  });

  it('refuses a note with hidden direction characters and 3,651 days before sending, in the api’s words', async () => {
    const user = userEvent.setup();
    // Only the queue is mocked: a decision sent would fail with a general error instead.
    renderWithApollo(<ModerationPage />, { mocks: [queueMock('NEWEST', [accountGroup])] });
    const account = await screen.findByRole('article', { name: 'Account: Lee Impostor' });
    await user.click(within(account).getByRole('button', { name: 'Suspend' }));
    const dialog = screen.getByRole('dialog', { name: 'Suspend Lee Impostor?' });
    const note = within(dialog).getByRole('textbox', { name: 'Why? The author is told.' });
    await user.click(note);
    await user.paste('Spam\u202Elinks');
    await user.type(within(dialog).getByRole('spinbutton', { name: 'Days' }), '3651');
    await user.click(within(dialog).getByRole('button', { name: 'Suspend' }));

    // api/test/api/shared-rules.test.ts: the api refuses the same decision with the same sentences.
    expect(within(dialog).getByText('Note cannot contain invisible text-direction characters')).toBeInTheDocument();
    expect(within(dialog).getByText('Suspend for 1 to 3,650 days, or leave empty for good')).toBeInTheDocument();
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says so when the queue is empty', async () => {
    renderWithApollo(<ModerationPage />, { mocks: [queueMock('NEWEST', [])] });
    expect(await screen.findByText('Nothing to review. The queue is empty.')).toBeInTheDocument();
  });
});

describe('someone who is not a moderator', () => {
  it('sees only that the page is for moderators', async () => {
    renderWithApollo(<ModerationPage />, {
      mocks: [
        {
          request: { query: ModerationQueueDocument, variables: { order: 'NEWEST' } },
          result: { data: null, errors: [{ message: 'Only moderators can do that.', extensions: { code: 'FORBIDDEN' } }] },
        },
      ],
    });
    expect(await screen.findByText('Only moderators can see this page.')).toBeInTheDocument();
    expect(screen.queryByText('Only moderators can do that.')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Newest' })).not.toBeInTheDocument();
  });
});

describe('an admin', () => {
  const adminRole = abilitiesMock('ADMIN');
  const member = (id: string, displayName: string, role: 'ADMIN' | 'MODERATOR') => ({
    __typename: 'TeamMember',
    role,
    user: author(id, displayName),
    // As the api answers an admin: the app changes a moderator's role, never an admin's.
    viewerCan: { __typename: 'TeamMemberViewerCan', changeModeratorRole: role === 'MODERATOR' },
  });
  const team = (members: object[]): MockLink.MockedResponse => ({
    request: { query: ModerationTeamDocument, variables: {} },
    result: { data: { moderators: members } },
  });
  const log = (entries: object[]): MockLink.MockedResponse => ({
    request: { query: ModerationLogDocument, variables: {} },
    result: { data: { moderationLog: entries } },
  });
  const removal = {
    __typename: 'AuditEntry',
    id: 'a1',
    moderatorUid: 'mo',
    moderatorName: 'Mo Moderator',
    action: 'remove',
    targetType: 'POST',
    targetId: 'post-1',
    targetAuthorName: 'Sam Student',
    note: 'Spam links',
    createdAt: '2026-11-20T12:00:00.000Z',
  };
  const commandLineGrant = {
    ...removal,
    id: 'a0',
    moderatorUid: 'command line',
    moderatorName: null,
    action: 'grant',
    targetType: 'USER',
    targetId: 'ada',
    targetAuthorName: 'Ada Admin',
    note: '',
  };

  it('sees who moderates and the log of every decision, and can take a moderator off the team', async () => {
    const user = userEvent.setup();
    const teamBefore = [member('ada', 'Ada Admin', 'ADMIN'), member('mo', 'Mo Moderator', 'MODERATOR')];
    renderWithApollo(<ModerationPage />, {
      mocks: [
        adminRole,
        queueMock('NEWEST', []),
        team(teamBefore),
        log([removal, commandLineGrant]),
        {
          request: { query: SetModeratorDocument, variables: { userId: 'mo', moderator: false, note: '' } },
          result: { data: { setModerator: true } },
        },
        team([teamBefore[0]!]),
        log([
          {
            ...commandLineGrant,
            id: 'a2',
            moderatorName: 'Ada Admin',
            moderatorUid: 'ada',
            action: 'revoke',
            targetAuthorName: 'Mo Moderator',
          },
          removal,
        ]),
      ],
    });

    const teamSection = await screen.findByRole('region', { name: 'Moderators' });
    const logSection = screen.getByRole('region', { name: 'Moderation log' });
    expect(await within(teamSection).findByRole('link', { name: 'Mo Moderator' })).toHaveAttribute('href', '/user/mo');
    expect(within(teamSection).getByText('Admin')).toBeInTheDocument();
    // An admin is made with the admin command, never removed here.
    expect(within(teamSection).getAllByRole('button', { name: 'Remove moderator' })).toHaveLength(1);
    expect(await within(logSection).findByRole('cell', { name: 'Removed Sam Student’s post' })).toBeInTheDocument();
    expect(within(logSection).getByRole('cell', { name: 'Spam links' })).toBeInTheDocument();
    expect(within(logSection).getByRole('cell', { name: 'Command line' })).toBeInTheDocument();

    await user.click(within(teamSection).getByRole('button', { name: 'Remove moderator' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Remove Mo Moderator as a moderator?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove moderator' }));

    await waitFor(() => expect(within(teamSection).queryByRole('link', { name: 'Mo Moderator' })).not.toBeInTheDocument());
    expect(await within(logSection).findByRole('cell', { name: 'Took Mo Moderator’s role away' })).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a moderator who is not an admin sees neither the team nor the log', async () => {
    renderWithApollo(<ModerationPage />, {
      mocks: [abilitiesMock('MODERATOR'), queueMock('NEWEST', [])],
    });
    expect(await screen.findByText('Nothing to review. The queue is empty.')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Moderators' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Moderation log' })).not.toBeInTheDocument();
  });
});
