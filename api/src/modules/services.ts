import type { DataSource } from 'typeorm';
import type { MediaService } from './uploads';
import { AccountService, type IdentityAdmin } from './accounts';
import { CaptionTrackService } from './caption-tracks';
import { type BlockEvents, BlockService } from './blocks';
import { ModerationService } from './moderation';
import { CalendarService } from './calendar';
import { CalendarFeedService, EventsService, postEventChecker, type PublicBase } from './events';
import { type CommentEvents, CommentService } from './comments';
import { FollowService } from './follows';
import { LikeService } from './likes';
import { MentionService } from './mentions';
import { type NotificationEvents, NotificationService } from './notifications';
import { FeedService } from './feeds';
import { type CaptionMentionNotifier, type PostCaptionTracks, PostService, type PostRemovalNotifier, type VideoPipeline } from './posts';
import { UserService } from './users';

/** Every service, built once per process and shared by GraphQL, REST and the tests. */
export interface Services {
  users: UserService;
  posts: PostService;
  feeds: FeedService;
  likes: LikeService;
  follows: FollowService;
  comments: CommentService;
  calendar: CalendarService;
  events: EventsService;
  calendarFeeds: CalendarFeedService;
  accounts: AccountService;
  blocks: BlockService;
  moderation: ModerationService;
  notifications: NotificationService;
  captionTracks: CaptionTrackService;
}

export interface ServiceDeps {
  db: DataSource;
  media: MediaService;
  commentEvents: CommentEvents;
  /** A student's unread notification count changed (app.ts: their live subscriptions hear it). */
  notificationEvents?: NotificationEvents;
  /** A block or mute was made (app.ts: every instance's live comments hear it). */
  blockEvents?: BlockEvents;
  identity: IdentityAdmin;
  /** video-processing's VideoProcessingService: queues a new post's transcoding. */
  videoPipeline: VideoPipeline;
  /** Reports by this many different students hide a post pending review. */
  reportsToHide?: number;
  /** Tells every instance an account's role or suspension changed (app.ts: account-standing). */
  announceStanding?: (uid: string) => Promise<void>;
  /** The address students reach, for absolute links (calendar feeds, .ics files): PUBLIC_URL or the request's origin. */
  publicBase?: PublicBase;
}

export function createServices({
  db,
  media,
  commentEvents,
  identity,
  videoPipeline,
  reportsToHide = 3,
  announceStanding,
  notificationEvents = { countChanged: () => undefined },
  blockEvents = { relationsChanged: () => undefined },
  publicBase = () => '',
}: ServiceDeps): Services {
  const users = new UserService(db, media);
  const notifications = new NotificationService(db, notificationEvents);
  const mentions = new MentionService(users);
  // A caption's mentions are told in the transaction that stores the post (posts cannot import notifications).
  const captionMentions: CaptionMentionNotifier = {
    transaction: (work) =>
      notifications.withNotifications((tx, writer) =>
        work(tx, (actorUid, uids, postId) => notifications.notifyMentions({ uid: actorUid }, uids, postId, null, writer)),
      ),
  };
  // A deleted post's notifications go with it; their readers hear their new count.
  const postRemovals: PostRemovalNotifier = {
    removing: (postIds, work) =>
      notifications.withNotifications(async (tx, writer) => {
        await writer.postsRemoved(postIds);
        return work(tx);
      }),
  };
  // A new post's event is checked by the events module (posts cannot import it).
  // A new post's caption files are read by caption-tracks (posts cannot import it); it needs posts, so it comes through a late-bound port.
  let captionTracks: CaptionTrackService | null = null;
  const newPostCaptions: PostCaptionTracks = { prepare: (...args) => captionTracks!.forNewPosts.prepare(...args) };
  const posts = new PostService(db, media, videoPipeline, mentions, captionMentions, postEventChecker, postRemovals, newPostCaptions);
  captionTracks = new CaptionTrackService(db, media, posts);
  const events = new EventsService(db, posts, publicBase);
  const comments = new CommentService(db, users, commentEvents, notifications, mentions);
  return {
    users,
    posts,
    feeds: new FeedService(db),
    likes: new LikeService(db, posts, notifications),
    follows: new FollowService(db, users, notifications),
    comments,
    calendar: new CalendarService(db),
    events,
    calendarFeeds: new CalendarFeedService(db, events, publicBase),
    accounts: new AccountService(media, identity, notifications),
    blocks: new BlockService(db, users, notifications, blockEvents),
    moderation: new ModerationService({
      db,
      users,
      posts,
      comments,
      media,
      reportsToHide,
      announceStanding: announceStanding ?? (async () => undefined),
      notifications,
    }),
    notifications,
    captionTracks,
  };
}
