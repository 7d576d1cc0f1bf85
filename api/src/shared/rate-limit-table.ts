/**
 * Abuse limits on writes: how many times one student, and one network address, may do each thing
 * in a window. Per-address limits are ten times the per-student ones because a whole campus can
 * sit behind one NAT address; they stop a script that creates accounts to get round the
 * per-student limits. Every number here is far above what a student does by hand (the tests show
 * a busy session stays under them).
 */
export type LimitedAction = 'sync' | 'post' | 'comment' | 'like' | 'follow' | 'upload' | 'report';

export interface LimitWindow {
  points: number;
  seconds: number;
}

export interface ActionLimits {
  perStudent: LimitWindow;
  perAddress: LimitWindow;
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;

export const RATE_LIMITS: Record<LimitedAction, ActionLimits> = {
  /** Sign-in profile sync: the web app syncs on every sign-in and every full page load. */
  sync: { perStudent: { points: 30, seconds: MINUTE }, perAddress: { points: 300, seconds: MINUTE } },
  post: { perStudent: { points: 30, seconds: HOUR }, perAddress: { points: 300, seconds: HOUR } },
  comment: { perStudent: { points: 30, seconds: MINUTE }, perAddress: { points: 300, seconds: MINUTE } },
  /** Like and unlike together: a fast scroller tapping hearts stays well under this. */
  like: { perStudent: { points: 120, seconds: MINUTE }, perAddress: { points: 1200, seconds: MINUTE } },
  /** Follow and unfollow together. */
  follow: { perStudent: { points: 60, seconds: MINUTE }, perAddress: { points: 600, seconds: MINUTE } },
  /** Starting an upload (videos and profile photos); the chunks of one upload are not counted. */
  upload: { perStudent: { points: 40, seconds: HOUR }, perAddress: { points: 400, seconds: HOUR } },
  /** Reports: a student flagging a bad evening's worth of content stays under this; a script does not. */
  report: { perStudent: { points: 20, seconds: HOUR }, perAddress: { points: 200, seconds: HOUR } },
};
