/**
 * Abuse limits on writes (and on search, the one read that costs a ranking each time): how many times one student, and one network address, may do each thing
 * in a window. Per-address limits are ten times the per-student ones because a whole campus can
 * sit behind one NAT address; they stop a script that creates accounts to get round the
 * per-student limits. Every number here is far above what a student does by hand (the tests show
 * a busy session stays under them). Every mutation and every REST write names one of these
 * (test/api/rate-limits.test.ts fails on one that does not).
 */
export type LimitedAction =
  | 'sync'
  | 'signup'
  | 'signUpCheck'
  | 'profile'
  | 'post'
  | 'delete'
  | 'comment'
  | 'like'
  | 'follow'
  | 'upload'
  | 'captions'
  | 'calendar'
  | 'calendarFeed'
  | 'notifications'
  | 'account'
  | 'report'
  | 'moderate'
  | 'role'
  | 'search'
  | 'organization'
  | 'membership'
  | 'organizationAdmin'
  | 'dataExport';

export interface LimitWindow {
  points: number;
  seconds: number;
}

export interface ActionLimits {
  /** Absent where there is no student to count yet (a sign-up). */
  perStudent?: LimitWindow;
  perAddress: LimitWindow;
  /** The refusal in this action's own words; "Too many requests. Please wait N seconds..." otherwise. */
  refusal?: (retryAfterSeconds: number) => string;
}

export type RateLimitTable = Record<LimitedAction, ActionLimits>;

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Ten times the student's window, per address (see above). */
function perStudent(points: number, seconds: number): { perStudent: LimitWindow; perAddress: LimitWindow } {
  return { perStudent: { points, seconds }, perAddress: { points: points * 10, seconds } };
}

export const RATE_LIMITS = {
  /** Sign-in profile sync: the web app syncs on every sign-in and every full page load. */
  sync: perStudent(30, MINUTE),
  /**
   * New accounts (the first sync of an identity, which creates its profile), per address only: a
   * new account has no history to count against. Ten an hour lets a household or a shared flat
   * sign up together, and keeps a script on one address to 240 throwaway accounts a day instead of
   * the identity provider's 100 an hour. An existing student's sync never counts here.
   */
  signup: {
    perAddress: { points: 10, seconds: HOUR },
    refusal: (seconds) => {
      const minutes = Math.ceil(seconds / MINUTE);
      return `Too many new accounts have been created from this network. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
    },
  },
  /**
   * The sign-up form asking whether an address may join (signUpCheck), per address: a student
   * retyping an address a few times stays far under it; a script listing which domains are
   * campuses' does not get far.
   */
  signUpCheck: { perAddress: { points: 60, seconds: 10 * MINUTE } },
  /** Profile edits (name, bio, photo, interests): a student trying photos and rewording a bio makes a couple of dozen saves. */
  profile: perStudent(60, HOUR),
  post: perStudent(30, HOUR),
  /** Deleting one's own posts and comments (each asks for a confirmation): tidying up a whole term's clips fits in an hour. */
  delete: perStudent(120, HOUR),
  comment: perStudent(30, MINUTE),
  /** Like and unlike together: a fast scroller tapping hearts stays well under this. */
  like: perStudent(120, MINUTE),
  /** Follow and unfollow, block and unblock, mute and unmute together. */
  follow: perStudent(60, MINUTE),
  /** Starting an upload (videos and profile photos); the chunks of one upload are not counted. */
  upload: perStudent(40, HOUR),
  /** Adding, replacing and removing a clip's caption tracks: fixing a file's typos and re-adding it a few times per language. */
  captions: perStudent(60, HOUR),
  /**
   * Calendar entries saved and deleted, event posts added: one every 10 s for ten minutes straight,
   * quicker than anyone types a term's deadlines in from a syllabus.
   */
  calendar: perStudent(60, 10 * MINUTE),
  /** Making a new calendar feed address: done when a link has leaked, a few times at most. */
  calendarFeed: perStudent(10, HOUR),
  /** Marking all notifications read and switching kinds on or off: a click each; flicking every switch back and forth is a few dozen. */
  notifications: perStudent(60, 10 * MINUTE),
  /** Deleting one's account (the web also removes an unfinished sign-up this way): once, with a retry or two. */
  account: perStudent(5, HOUR),
  /** Reports: a student flagging a bad evening's worth of content stays under this; a script does not. */
  report: perStudent(20, HOUR),
  /**
   * Moderators' decisions (each with a note): one every 5 s for ten minutes, faster than anyone
   * reads a report, so a spam wave can be cleared; a hijacked moderator account is held to 720 an hour.
   */
  moderate: perStudent(120, 10 * MINUTE),
  /** Admins appointing or standing down moderators: a team is a handful of people. */
  role: perStudent(20, HOUR),
  /**
   * Searches and suggestions together (issue 27), the only limited read: each ranks every match,
   * where a feed page reads an index in order. Suggestions wait for a pause in typing, so a student
   * searching all evening makes a few a minute; a scraper walking every name does not stay under it.
   * Signed out, the address's limit alone applies.
   */
  search: perStudent(120, MINUTE),
  /** Founding an organization (issue 26): a student starts a club or two, not dozens; a script making clubs is held to 5 a day. */
  organization: perStudent(5, DAY),
  /** Joining, asking to join, leaving and following organizations: a first week's browsing of the directory stays under it. */
  membership: perStudent(60, 10 * MINUTE),
  /**
   * Officers running an organization (editing it, answering requests, removing members, officers,
   * handing over): answering a freshers' fair's worth of requests one by one fits in ten minutes.
   */
  organizationAdmin: perStudent(200, 10 * MINUTE),
  /** 'Download my data': every table read for one student; a few downloads an hour is plenty. */
  dataExport: perStudent(5, HOUR),
} satisfies RateLimitTable;
