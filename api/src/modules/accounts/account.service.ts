import type { Viewer } from '../../shared/viewer';
import type { NotificationService } from '../notifications';
import type { MediaService } from '../uploads';

/** The identity provider's side of an account. */
export interface IdentityAdmin {
  deleteUser(uid: string): Promise<void>;
}

/**
 * Account deletion (D3): the profile and everything the user owns. One DELETE removes the user
 * row and, by ON DELETE CASCADE, their posts, likes, comments, follows and calendar events, in
 * one transaction (the counter triggers fix everyone else's counts in it too, and whoever loses
 * an unread notification with it hears their new count once it commits). Files go after the rows,
 * then the identity account.
 */
export class AccountService {
  constructor(
    private readonly media: MediaService,
    private readonly identity: IdentityAdmin,
    private readonly notifications: NotificationService,
  ) {}

  async delete(viewer: Viewer): Promise<boolean> {
    const mediaUrls = await this.notifications.withNotifications(async (tx, notify) => {
      await notify.accountRemoved(viewer.uid);
      const posts: Array<{ video_url: string; poster_url: string | null }> = await tx.query(
        'SELECT video_url, poster_url FROM posts WHERE author_uid = $1',
        [viewer.uid],
      );
      const users: Array<{ photo_url: string | null }> = await tx.query('DELETE FROM users WHERE firebase_uid = $1 RETURNING photo_url', [
        viewer.uid,
      ]);
      return [...posts.flatMap((post) => [post.video_url, post.poster_url]), ...users.map((user) => user.photo_url)].filter(
        (url): url is string => !!url,
      );
    });
    await this.media.deleteMedia(mediaUrls);
    await this.media.deleteAllOf(viewer.uid);
    await this.identity.deleteUser(viewer.uid);
    return true;
  }
}
