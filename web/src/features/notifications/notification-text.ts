// What a notification says and where it leads (issue 15), kept apart from the screens so each
// kind's wording is tested on its own.
import type { NotificationFieldsFragment } from '../../graphql/graphql';

/** Above this the badge says '99+'. */
export const BADGE_MAX = 99;

/** The badge's text: '3', '99+'; null at 0 (the badge is hidden). */
export function badgeText(count: number): string | null {
  if (!Number.isFinite(count) || count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(Math.floor(count));
}

type Actor = NotificationFieldsFragment['actors'][number];

function actorName(actor: Actor | undefined): string {
  return actor?.displayName?.trim() || 'Someone';
}

/**
 * Who did it: 'Maya', 'Maya and Sam', 'Maya and 3 others'. `actors` are the newest few
 * (newest first) and `actorCount` everyone grouped here.
 */
export function actorsPhrase(actors: readonly Actor[], actorCount: number): string {
  const first = actorName(actors[0]);
  const others = Math.max(actorCount, actors.length, 1) - 1;
  if (others === 0) return first;
  if (others === 1) return actors[1] ? `${first} and ${actorName(actors[1])}` : `${first} and 1 other`;
  return `${first} and ${others} others`;
}

/** The organization a notification is about, or a stand-in when the reader may no longer see it. */
function organizationName(notification: NotificationFieldsFragment): string {
  return notification.organization?.name.trim() || 'an organization';
}

/** A comment's or mention's excerpt as quoted in a sentence. */
function quoted(text: string | null | undefined): string | null {
  const trimmed = text?.trim();
  return trimmed ? `“${trimmed}”` : null;
}

/** The row's sentence: 'Maya and 3 others liked your clip', 'Sam commented: “nice!”', or the moderation text. */
export function notificationSentence(notification: NotificationFieldsFragment): string {
  const who = actorsPhrase(notification.actors, notification.actorCount);
  const ownText = notification.text?.trim();
  switch (notification.kind) {
    case 'LIKE':
      return `${who} liked your clip`;
    case 'COMMENT': {
      const text = quoted(notification.text);
      return text ? `${who} commented: ${text}` : `${who} commented on your clip`;
    }
    case 'MENTION':
      return `${who} mentioned you`;
    case 'FOLLOW':
      return `${who} followed you`;
    case 'MODERATION':
      return ownText || 'A moderator reviewed your content.';
    // Issue 26: organizations.
    case 'JOIN_REQUEST':
      return `${who} asked to join ${organizationName(notification)}`;
    case 'JOIN_APPROVED':
      return `You're now a member of ${organizationName(notification)}`;
    case 'JOIN_DECLINED':
      return `Your request to join ${organizationName(notification)} was declined`;
    case 'ORGANIZATION_EVENT':
      return `${organizationName(notification)} announced an event`;
    default:
      // A kind this build does not know yet: its own words, if any.
      return ownText || 'You have a new notification.';
  }
}

/** A mention's words, shown under its sentence (a comment's are in the sentence already). */
export function notificationExcerpt(notification: NotificationFieldsFragment): string | null {
  if (notification.kind === 'MENTION') return quoted(notification.text);
  // An organization's event: its caption's first line, which names the event.
  if (notification.kind === 'ORGANIZATION_EVENT') return notification.post?.caption.split('\n')[0]?.trim() || null;
  return null;
}

/** Kinds that are about a clip: without their post (deleted, or no longer visible) the row has no link. */
const ABOUT_A_CLIP = new Set<NotificationFieldsFragment['kind']>(['LIKE', 'COMMENT', 'MENTION', 'ORGANIZATION_EVENT']);

/** Whether the row should say its clip is gone. */
export function clipIsGone(notification: NotificationFieldsFragment): boolean {
  return ABOUT_A_CLIP.has(notification.kind) && !notification.post;
}

/**
 * Where the row leads: the post page, the (newest) follower's profile, the organization (its
 * Members, where requests are answered, for a request), or nowhere.
 */
export function notificationHref(notification: NotificationFieldsFragment): string | null {
  const { organization } = notification;
  if (notification.kind === 'JOIN_REQUEST') return organization ? `/org/${encodeURIComponent(organization.slug)}?tab=members` : null;
  if (notification.kind === 'JOIN_APPROVED' || notification.kind === 'JOIN_DECLINED') {
    return organization ? `/org/${encodeURIComponent(organization.slug)}` : null;
  }
  if (notification.kind === 'FOLLOW') {
    const follower = notification.actors[0];
    return follower ? `/user/${encodeURIComponent(follower.id)}` : null;
  }
  return notification.post ? `/post/${encodeURIComponent(notification.post.id)}` : null;
}
