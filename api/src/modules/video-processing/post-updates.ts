/**
 * A post's video changed state (progress, ready, failed). Only its author hears it, on their own
 * topic; the event carries ids only (it may cross Redis), and the subscriber reads the post fresh.
 */
export interface PostUpdateEvent {
  postId: string;
  authorUid: string;
}

export const postUpdatesTopic = (authorUid: string) => `POST_UPDATED.${authorUid}`;
