// Issue 15: what each kind of notification says, grouped, and where it leads.
import type { NotificationFieldsFragment } from '../../graphql/graphql';
import { actorsPhrase, badgeText, clipIsGone, notificationExcerpt, notificationHref, notificationSentence } from './notification-text';

const person = (id: string, displayName: string | null) => ({ id, displayName, photoURL: null });
const maya = person('maya', 'Maya');
const sam = person('sam', 'Sam');
const lee = person('lee', 'Lee');

function notification(overrides: Partial<NotificationFieldsFragment>): NotificationFieldsFragment {
  return {
    id: 'n1',
    kind: 'LIKE',
    actors: [maya],
    actorCount: 1,
    post: { id: 'p1', caption: 'Sunset', posterUrl: null },
    commentId: null,
    organization: null,
    text: null,
    createdAt: '2026-11-20T12:00:00.000Z',
    read: false,
    ...overrides,
  };
}

describe('the badge', () => {
  it('is hidden at 0, counts up to 99 and says 99+ above', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(-2)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
    expect(badgeText(12345)).toBe('99+');
  });
});

describe('who did it', () => {
  it('names one, two, or the newest and how many others', () => {
    expect(actorsPhrase([maya], 1)).toBe('Maya');
    expect(actorsPhrase([maya, sam], 2)).toBe('Maya and Sam');
    expect(actorsPhrase([maya], 2)).toBe('Maya and 1 other');
    expect(actorsPhrase([maya, sam, lee], 4)).toBe('Maya and 3 others');
    expect(actorsPhrase([maya, sam, lee], 3)).toBe('Maya and 2 others');
  });

  it("says 'Someone' for an account without a name, or when no actor may be shown", () => {
    expect(actorsPhrase([person('x', '  ')], 1)).toBe('Someone');
    expect(actorsPhrase([], 2)).toBe('Someone and 1 other');
  });
});

describe('the sentence of each kind', () => {
  it.each([
    ['Maya liked your clip', { kind: 'LIKE' as const }],
    ['Maya and 3 others liked your clip', { kind: 'LIKE' as const, actors: [maya, sam, lee], actorCount: 4 }],
    ['Sam commented: “nice!”', { kind: 'COMMENT' as const, actors: [sam], text: 'nice!' }],
    ['Sam and Maya commented: “so good”', { kind: 'COMMENT' as const, actors: [sam, maya], actorCount: 2, text: 'so good' }],
    ['Sam commented on your clip', { kind: 'COMMENT' as const, actors: [sam], text: null }],
    ['Lee mentioned you', { kind: 'MENTION' as const, actors: [lee], text: 'look @vera' }],
    ['Kim and 2 others followed you', { kind: 'FOLLOW' as const, actors: [person('kim', 'Kim'), sam, lee], actorCount: 3, post: null }],
    [
      'A moderator removed your post: Spam',
      { kind: 'MODERATION' as const, actors: [], actorCount: 0, text: 'A moderator removed your post: Spam' },
    ],
    ['A moderator reviewed your content.', { kind: 'MODERATION' as const, actors: [], actorCount: 0, text: null }],
  ])('%s', (sentence, overrides) => {
    expect(notificationSentence(notification(overrides))).toBe(sentence);
  });

  it("quotes a mention's words under the sentence", () => {
    expect(notificationExcerpt(notification({ kind: 'MENTION', text: 'look @vera' }))).toBe('“look @vera”');
    expect(notificationExcerpt(notification({ kind: 'COMMENT', text: 'nice!' }))).toBeNull();
  });
});

describe('where a row leads', () => {
  it('goes to the post, or the follower, or nowhere when the clip is gone', () => {
    expect(notificationHref(notification({ kind: 'COMMENT' }))).toBe('/post/p1');
    expect(notificationHref(notification({ kind: 'FOLLOW', actors: [sam], post: null }))).toBe('/user/sam');
    const gone = notification({ kind: 'LIKE', post: null });
    expect(notificationHref(gone)).toBeNull();
    expect(clipIsGone(gone)).toBe(true);
    expect(clipIsGone(notification({ kind: 'FOLLOW', post: null }))).toBe(false);
    expect(clipIsGone(notification({ kind: 'MODERATION', post: null }))).toBe(false);
  });
});

describe('organizations (issue 26)', () => {
  const chess = { id: 'org-1', slug: 'chess-club', name: 'Chess Club' };

  it('tells officers who asked to join, grouped, and leads to the Members tab', () => {
    const request = notification({ kind: 'JOIN_REQUEST', actors: [maya, sam], actorCount: 3, post: null, organization: chess });
    expect(notificationSentence(request)).toBe('Maya and 2 others asked to join Chess Club');
    expect(notificationHref(request)).toBe('/org/chess-club?tab=members');
    expect(clipIsGone(request)).toBe(false);
  });

  it('tells the requester the outcome and leads to the organization', () => {
    const approved = notification({ kind: 'JOIN_APPROVED', post: null, organization: chess });
    expect(notificationSentence(approved)).toBe("You're now a member of Chess Club");
    expect(notificationHref(approved)).toBe('/org/chess-club');
    const declined = notification({ kind: 'JOIN_DECLINED', post: null, organization: chess });
    expect(notificationSentence(declined)).toBe('Your request to join Chess Club was declined');
    expect(notificationHref(notification({ kind: 'JOIN_DECLINED', post: null, organization: null }))).toBeNull();
  });

  it("names an organization's new event by its caption's first line and leads to the post", () => {
    const event = notification({
      kind: 'ORGANIZATION_EVENT',
      post: { id: 'p9', caption: 'Simul night\nBring a board', posterUrl: null },
      organization: chess,
    });
    expect(notificationSentence(event)).toBe('Chess Club announced an event');
    expect(notificationExcerpt(event)).toBe('Simul night');
    expect(notificationHref(event)).toBe('/post/p9');
    expect(clipIsGone(notification({ kind: 'ORGANIZATION_EVENT', post: null, organization: chess }))).toBe(true);
  });
});
