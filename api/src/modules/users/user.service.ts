import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../auth/viewer';
import type { MediaService } from '../../media/media-service';
import { toPage, type Page } from '../../shared/cursor';
import { NotFoundError } from '../../shared/errors';
import type { PageRequest } from '../../shared/page-request';
import { requireViewer } from '../../shared/policies';
import type { RateLimiter } from '../../shared/rate-limiter';
import {
  FieldProblems,
  checkBio,
  checkDateOfBirth,
  checkDisplayName,
  checkInterests,
} from '../../shared/validation';
import { User } from './user.entity';
import { escapeLike, keysetDesc } from '../../db/keyset';
import { getManyPlain } from '../../db/plain-rows';

export interface SyncUserInput {
  displayName?: string | null;
  photoURL?: string | null;
  dateOfBirth?: string | null;
}

export interface ProfileInput extends SyncUserInput {
  bio?: string | null;
  interests?: string[] | null;
}

export class UserService {
  private readonly users: Repository<User>;

  constructor(
    private readonly db: DataSource,
    private readonly media: MediaService,
    private readonly limits: RateLimiter,
  ) {
    this.users = db.getRepository(User);
  }

  async byIds(ids: readonly string[]): Promise<User[]> {
    if (!ids.length) return [];
    return getManyPlain(this.users.createQueryBuilder('u').where('u.id IN (:...ids)', { ids: [...ids] }));
  }

  async get(id: string): Promise<User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw new NotFoundError('User not found');
    return user;
  }

  /**
   * Creates or refreshes the caller's profile after sign-in or sign-up. The uid and e-mail come
   * from the verified token, never from the input.
   */
  async sync(viewerOrNull: Viewer | null, input: SyncUserInput): Promise<User> {
    const viewer = requireViewer(viewerOrNull);
    await this.limits.consume('sync', viewer);
    const problems = new FieldProblems();
    const displayName = checkDisplayName(problems, input.displayName);
    const dateOfBirth = checkDateOfBirth(problems, input.dateOfBirth);
    problems.throwIfAny();
    const photoURL = await this.acceptablePhoto(viewer, input.photoURL);

    const existing = await this.users.findOneBy({ id: viewer.uid });
    if (!existing) {
      const fallbackName = viewer.name?.trim() && viewer.name.trim().length >= 2 ? viewer.name.trim().slice(0, 50) : null;
      await this.users.insert({
        id: viewer.uid,
        email: viewer.email,
        displayName: displayName ?? fallbackName,
        photoURL: photoURL ?? viewer.picture ?? null,
        dateOfBirth: dateOfBirth ?? null,
      });
    } else {
      await this.users.update(
        { id: viewer.uid },
        {
          email: viewer.email,
          ...(displayName !== undefined && { displayName }),
          ...(photoURL !== undefined && { photoURL }),
          // A date of birth, once given, is changed through updateProfile only.
          ...(dateOfBirth !== undefined && !existing.dateOfBirth && { dateOfBirth }),
        },
      );
    }
    return this.get(viewer.uid);
  }

  async updateProfile(viewerOrNull: Viewer | null, input: ProfileInput): Promise<User> {
    const viewer = requireViewer(viewerOrNull);
    const problems = new FieldProblems();
    const changes: Partial<User> = {};
    const displayName = checkDisplayName(problems, input.displayName);
    if (displayName !== undefined) changes.displayName = displayName;
    const bio = checkBio(problems, input.bio);
    if (bio !== undefined) changes.bio = bio;
    const interests = checkInterests(problems, input.interests);
    if (interests !== undefined) changes.interests = interests;
    const dateOfBirth = checkDateOfBirth(problems, input.dateOfBirth);
    if (dateOfBirth !== undefined) changes.dateOfBirth = dateOfBirth;
    problems.throwIfAny();
    const photoURL = await this.acceptablePhoto(viewer, input.photoURL);
    if (photoURL !== undefined) changes.photoURL = photoURL;

    await this.get(viewer.uid);
    if (Object.keys(changes).length) await this.users.update({ id: viewer.uid }, changes);
    return this.get(viewer.uid);
  }

  /** Name search for the community directory, newest members first. */
  async search(query: string, page: PageRequest): Promise<Page<User>> {
    const term = query.trim().slice(0, 100).toLowerCase();
    const builder = this.users.createQueryBuilder('u');
    if (term) builder.where('lower(u.display_name) LIKE :pattern', { pattern: `%${escapeLike(term)}%` });
    keysetDesc(builder, 'u', page);
    return toPage(await builder.getMany(), page.size);
  }

  /** People who share the viewer's interests and whom the viewer does not follow yet; most shared, then most followed. */
  async suggested(viewer: Viewer | null, first: number): Promise<User[]> {
    const rows: Array<{ firebase_uid: string }> = viewer
      ? await this.db.query(
          `SELECT u.firebase_uid
             FROM users u, users me
            WHERE me.firebase_uid = $1 AND u.firebase_uid <> $1
              AND u.interests && me.interests
              AND NOT EXISTS (SELECT 1 FROM follows f WHERE f.follower_uid = $1 AND f.followee_uid = u.firebase_uid)
            ORDER BY cardinality(ARRAY(SELECT unnest(u.interests) INTERSECT SELECT unnest(me.interests))) DESC,
                     u.follower_count DESC, u.firebase_uid
            LIMIT $2`,
          [viewer.uid, first],
        )
      : await this.db.query(`SELECT firebase_uid FROM users ORDER BY follower_count DESC, firebase_uid LIMIT $1`, [first]);
    const users = new Map((await this.byIds(rows.map((row) => row.firebase_uid))).map((user) => [user.id, user]));
    return rows.flatMap((row) => users.get(row.firebase_uid) ?? []);
  }

  async followers(uid: string, page: PageRequest): Promise<Page<{ user: User; followedAt: Date }>> {
    return this.followEdges(uid, page, 'followee_uid', 'follower_uid');
  }

  async following(uid: string, page: PageRequest): Promise<Page<{ user: User; followedAt: Date }>> {
    return this.followEdges(uid, page, 'follower_uid', 'followee_uid');
  }

  private async followEdges(uid: string, page: PageRequest, own: string, other: string) {
    const params: unknown[] = [uid, page.size + 1, page.offset];
    let after = '';
    if (page.after) {
      params.push(page.after.createdAt, page.after.id);
      after = `AND (f.created_at, f.${other}) < ($4, $5)`;
    }
    const rows: Array<{ followed_at: Date; firebase_uid: string }> = await this.db.query(
      `SELECT f.created_at AS followed_at, u.firebase_uid
         FROM follows f JOIN users u ON u.firebase_uid = f.${other}
        WHERE f.${own} = $1 ${after}
        ORDER BY f.created_at DESC, f.${other} DESC
        LIMIT $2 OFFSET $3`,
      params,
    );
    const users = new Map((await this.byIds(rows.map((row) => row.firebase_uid))).map((user) => [user.id, user]));
    const edges = rows.flatMap((row) => {
      const user = users.get(row.firebase_uid);
      return user ? [{ user, followedAt: row.followed_at }] : [];
    });
    return toPage(edges, page.size);
  }

  /**
   * A profile photo must be the caller's own finished image upload, or the photo the identity
   * provider vouches for (e.g. their Google picture). `null` removes it.
   */
  private async acceptablePhoto(viewer: Viewer, photoURL: string | null | undefined): Promise<string | null | undefined> {
    if (photoURL === undefined) return undefined;
    if (photoURL === null || photoURL === '') return null;
    if (viewer.picture && photoURL === viewer.picture) return photoURL;
    return this.media.claimImage(viewer.uid, photoURL);
  }
}
