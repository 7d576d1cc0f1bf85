import type { DataSource } from 'typeorm';
import type { MediaService } from './uploads';
import { AccountService, type IdentityAdmin } from './accounts';
import { CaptionTrackService } from './caption-tracks';
import { type BlockEvents, BlockService } from './blocks';
import { ModerationService } from './moderation';
import { CalendarService } from './calendar';
import { DataExportArchiveService, DataExportService } from './data-export';
import type { JobQueue } from '../infra/queue/job-queue';
import type { MediaStore } from '../infra/media/media-store';
import { CalendarFeedService, EventsService, postEventChecker, type PublicBase } from './events';
import { type CommentEvents, CommentService } from './comments';
import { FollowService } from './follows';
import { LikeService } from './likes';
import { MentionService } from './mentions';
import { type NotificationEvents, NotificationService } from './notifications';
import { FeedService } from './feeds';
import {
  type CaptionMentionNotifier,
  type PostCaptionTracks,
  PostService,
  type PostRemovalNotifier,
  usePostPageCompanions,
  type VideoPipeline,
} from './posts';
import { SearchService } from './search';
import { UserService } from './users';
import { CampusService, type SignupMode } from './campuses';
import { OrganizationService, postOrganizationCompanion } from './organizations';

/** Every service, built once per process and shared by GraphQL, REST and the tests. */
export interface Services {
  campuses: CampusService;
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
  search: SearchService;
  organizations: OrganizationService;
  dataExport: DataExportService;
  dataExportArchives: DataExportArchiveService;
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
  /** Where data export archives are queued and kept (the app's job queue and media store). */
  exportArchives: { queue: JobQueue; store: MediaStore };
  /** video-processing's VideoProcessingService: queues a new post's transcoding. */
  videoPipeline: VideoPipeline;
  /** Reports by this many different students hide a post pending review. */
  reportsToHide?: number;
  /** Tells every instance an account's role or suspension changed (app.ts: account-standing). */
  announceStanding?: (uid: string) => Promise<void>;
  /** Who may join (SIGNUP_MODE): only addresses on a campus domain, or anyone (the default here; config.ts decides the app's). */
  signupMode?: SignupMode;
  /** The address students reach, for absolute links (calendar feeds, .ics files): PUBLIC_URL or the request's origin. */
  publicBase?: PublicBase;
}

export function createServices({
  db,
  media,
  commentEvents,
  identity,
  videoPipeline,
  exportArchives,
  reportsToHide = 3,
  announceStanding,
  notificationEvents = { countChanged: () => undefined },
  blockEvents = { relationsChanged: () => undefined },
  publicBase = () => '',
  signupMode = 'open',
}: ServiceDeps): Services {
  const campuses = new CampusService(db, signupMode);
  // A refused sign-up's identity account is deleted as a deleted account's is.
  const users = new UserService(db, media, { campuses, identity });
  const notifications = new NotificationService(db, notificationEvents);
  const mentions = new MentionService(users);
  // A caption's mentions are told in the transaction that stores the post (posts cannot import notifications).
  const captionMentions: CaptionMentionNotifier = {
    transaction: (work) =>
      notifications.withNotifications((tx, writer) =>
        work(
          tx,
          (actorUid, uids, postId) => notifications.notifyMentions({ uid: actorUid }, uids, postId, null, writer),
          (actorUid, postId, organizationId) => writer.organizationEvent(actorUid, postId, organizationId),
        ),
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
  // Organizations and moderation need each other: moderation reports organizations through the
  // OrganizationReports port, organizations record moderators' decisions through moderation.
  let organizations: OrganizationService | null = null;
  const organizationsLater = () => organizations!;
  // A new post's caption files are read by caption-tracks (posts cannot import it); it needs posts, so it comes through a late-bound port.
  let captionTracks: CaptionTrackService | null = null;
  const newPostCaptions: PostCaptionTracks = { prepare: (...args) => captionTracks!.forNewPosts.prepare(...args) };
  // A new post's event is checked by the events module, posting as an organization by organizations (posts cannot import them).
  const posts = new PostService(
    db,
    media,
    videoPipeline,
    mentions,
    captionMentions,
    postEventChecker,
    postRemovals,
    { authorizePostAs: (viewer, id) => organizationsLater().authorizePostAs(viewer, id) },
    newPostCaptions,
  );
  captionTracks = new CaptionTrackService(db, media, posts);
  const events = new EventsService(db, posts, publicBase);
  const comments = new CommentService(db, users, commentEvents, notifications, mentions);
  const moderation = new ModerationService({
    db,
    users,
    posts,
    comments,
    media,
    reportsToHide,
    announceStanding: announceStanding ?? (async () => undefined),
    notifications,
    organizations: {
      reportedOwner: (viewer, id) => organizationsLater().reportedOwner(viewer, id),
      ownerOf: (id) => organizationsLater().ownerOf(id),
      describe: (id) => organizationsLater().describe(id),
    },
  });
  organizations = new OrganizationService(db, media, notifications, moderation);
  // A post card's organization is read in the page's own statement (issue 30: one statement a page).
  usePostPageCompanions(db, [postOrganizationCompanion(db)]);
  const dataExport = new DataExportService(db);
  return {
    campuses,
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
    moderation,
    notifications,
    search: new SearchService(db),
    organizations,
    dataExport,
    dataExportArchives: new DataExportArchiveService(db, dataExport, exportArchives),
    captionTracks,
  };
}
