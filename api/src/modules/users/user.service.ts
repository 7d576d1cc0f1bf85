import { followsSql, notBlockedSql } from '../../infra/db/relation-filters';
import { requestScope } from '../../infra/request-scope';
import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import type { MediaService, PictureFile, StoredPicture } from '../uploads';
import { mediaPathFromUrl } from '../../infra/media/media-names';
import { toPage, type Page, type PageRequest, escapeLike, escapeRegex, keysetDesc } from '../../shared/paging';
import { ForbiddenError, NotFoundError } from '../../shared/errors';
import { authorize } from '../../shared/policy';
import {
  FieldProblems,
  acceptableDisplayName,
  checkBio,
  checkDateOfBirth,
  checkDisplayName,
  checkInterests,
} from '../../shared/validation';
import { User } from './user.entity';
import { userPolicy } from './user.policy';
import { entityRowReader, getManyPlain, type EntityRowReader } from '../../infra/db/plain-rows';
import { type CampusScope, type CampusService, mineOnly, viewerCampusSql } from '../campuses';

export interface SyncUserInput {
  displayName?: string | null;
  photoURL?: string | null;
  dateOfBirth?: string | null;
}

export interface ProfileInput extends SyncUserInput {
  bio?: string | null;
  interests?: string[] | null;
  /** Whether the profile lists the organizations the student belongs to. */
  showOrganizations?: boolean | null;
}

/**
 * What a sign-up needs besides the profile (D16): the campus an address belongs to and who may join
 * (SIGNUP_MODE), and the identity provider, to delete an account the server refuses so that none
 * is left behind.
 */
export interface SignUpGate {
  campuses: CampusService;
  identity: { deleteUser(uid: string): Promise<void> };
}

/** How many students' stored `verified` an instance remembers (UserService.noteEmailVerified). */
const KNOWN_VERIFIED_LIMIT = 100_000;

export class UserService {
  private readonly users: Repository<User>;
  private readonly userRows: EntityRowReader<User>;
  /** The `users.verified` this instance last stored or read for a student, so a request costs no statement to keep it. */
  private readonly knownVerified = new Map<string, boolean>();

  constructor(
    private readonly db: DataSource,
    private readonly media: MediaService,
    readonly signUps: SignUpGate,
    /** The age rule's clock; tests pass a fixed instant. */
    private readonly now: () => Date = () => new Date(),
  ) {
    this.users = db.getRepository(User);
    this.userRows = entityRowReader(db, User, 'u');
  }

  /**
   * Each photo URL's sizes (sized copies of the upload it names), in one statement for a page of
   * people or organizations. A User carries its own on its row (User.photoSources): this is for a
   * User read without that column, and for organizations.
   */
  photoSources(photoUrls: readonly string[]): Promise<Map<string, PictureFile[]>> {
    return this.media.picturesOf(photoUrls);
  }

  async byIds(ids: readonly string[]): Promise<User[]> {
    if (!ids.length) return [];
    return getManyPlain(this.users.createQueryBuilder('u').where('u.id IN (:...ids)', { ids: [...ids] }));
  }

  /** These people, those the viewer may see: nobody blocked either way (a signed-out visitor sees everyone). */
  async byIdsVisibleTo(ids: readonly string[], viewer: Viewer | null): Promise<User[]> {
    if (!ids.length) return [];
    const builder = this.users.createQueryBuilder('u').where('u.id IN (:...ids)', { ids: [...ids] });
    if (viewer) builder.andWhere(notBlockedSql('u.firebase_uid', ':viewerUid'), { viewerUid: viewer.uid });
    return getManyPlain(builder);
  }

  /**
   * As byIdsVisibleTo, with which of them the viewer follows, in the same statement: a profile
   * shows the person and its Follow button together (issue 30: one statement less a profile).
   */
  async byIdsVisibleWithFollows(ids: readonly string[], viewer: Viewer | null): Promise<{ users: User[]; followed: Set<string> }> {
    if (!ids.length || !viewer) return { users: await this.byIdsVisibleTo(ids, viewer), followed: new Set() };
    const rows = await this.users
      .createQueryBuilder('u')
      .select(this.userRows.selectList)
      .addSelect(followsSql('u.firebase_uid', ':viewerUid'), 'viewer_follows')
      .where('u.firebase_uid IN (:...ids)', { ids: [...ids] })
      .andWhere(notBlockedSql('u.firebase_uid', ':viewerUid'), { viewerUid: viewer.uid })
      .getRawMany<Record<string, unknown>>();
    const followed = new Set<string>();
    const users = rows.map((row) => {
      const user = this.userRows.read(row);
      if (row.viewer_follows === true) followed.add(user.id);
      return user;
    });
    return { users, followed };
  }

  async get(id: string): Promise<User> {
    const user = await this.users.findOneBy({ id });
    if (!user) throw userNotFound();
    return user;
  }

  /** A profile as the viewer may see it: 'This account is not available' when either blocked the other. */
  async getFor(viewer: Viewer | null, id: string): Promise<User> {
    const user = await this.get(id);
    if (viewer && (await this.isBlockedBetween(viewer.uid, id))) throw accountNotAvailable();
    return user;
  }

  /** Whether either of the two blocked the other. */
  async isBlockedBetween(uid: string, otherUid: string): Promise<boolean> {
    // The block rule as every read states it (infra/db/relation-filters.ts), for one pair.
    const [row]: Array<{ free: boolean }> = await this.db.query(`SELECT ${notBlockedSql('$2', '$1')} AS free`, [uid, otherUid]);
    return !row!.free;
  }

  /**
   * Creates or refreshes the caller's profile after sign-in or sign-up. The uid and e-mail come
   * from the verified token, never from the input. `beforeSignUp` runs before a profile is created
   * (not when one is refreshed): the entry counts the sign-up there, and may refuse it by throwing.
   */
  async sync(viewer: Viewer, input: SyncUserInput, beforeSignUp: () => Promise<void> = async () => undefined): Promise<User> {
    const existing = await this.users.findOneBy({ id: viewer.uid });
    // A sign-up the deployment refuses (restricted, an address on no campus) is refused before
    // anything else is judged, and its identity account goes with it.
    const campus = existing ? await this.signUps.campuses.forEmail(viewer.email) : await this.campusForSignUp(viewer);
    const problems = new FieldProblems();
    const displayName = checkDisplayName(problems, input.displayName);
    const dateOfBirth = checkDateOfBirth(problems, input.dateOfBirth, this.now());
    problems.throwIfAny();
    const photoURL = await this.acceptablePhoto(viewer, input.photoURL);

    if (!existing) {
      await beforeSignUp();
      const photo = photoURL ?? viewer.picture ?? null;
      await this.withPhotoSources(photo, (users, photoSources) =>
        users.insert({
          id: viewer.uid,
          email: viewer.email,
          campusId: campus?.id ?? null,
          verified: viewer.emailVerified,
          // The identity provider's name when it passes the display-name rule (the web sends it the same way).
          displayName: displayName ?? acceptableDisplayName(viewer.name) ?? null,
          photoURL: photo,
          photoSources,
          dateOfBirth: dateOfBirth ?? null,
        }),
      );
    } else {
      await this.withPhotoSources(photoURL, (users, photoSources) =>
        users.update(
          { id: viewer.uid },
          {
            email: viewer.email,
            // The campus the address names now, and the token's word on it (a changed address, a verification).
            campusId: campus?.id ?? null,
            verified: viewer.emailVerified,
            ...(displayName !== undefined && { displayName }),
            ...(photoURL !== undefined && { photoURL, photoSources }),
            // A date of birth, once given, is changed through updateProfile only.
            ...(dateOfBirth !== undefined && !existing.dateOfBirth && { dateOfBirth }),
          },
        ),
      );
    }
    this.rememberVerified(viewer.uid, viewer.emailVerified);
    return this.get(viewer.uid);
  }

  /**
   * Keeps `users.verified` as the student's verified tokens say (the badge others see), called for
   * each token the api verifies afresh (infra/identity/token-verifier.ts): a student who verifies
   * their address and refreshes their token has the badge from that request on, without a sync.
   * What this instance knows already costs no statement; the write, when there is one, is the
   * instance's bookkeeping and is not counted among the request's statements.
   */
  async noteEmailVerified(viewer: Pick<Viewer, 'uid' | 'emailVerified'>): Promise<void> {
    if (this.knownVerified.get(viewer.uid) === viewer.emailVerified) return;
    await requestScope.exit(() =>
      this.db.query('UPDATE users SET verified = $2 WHERE firebase_uid = $1 AND verified IS DISTINCT FROM $2', [
        viewer.uid,
        viewer.emailVerified,
      ]),
    );
    this.rememberVerified(viewer.uid, viewer.emailVerified);
  }

  private rememberVerified(uid: string, verified: boolean): void {
    if (this.knownVerified.size >= KNOWN_VERIFIED_LIMIT) this.knownVerified.clear();
    this.knownVerified.set(uid, verified);
  }

  /**
   * The campus a new account joins, or the refusal of an address on no campus when sign-up is
   * restricted: then the identity account the client just made (e-mail or Google) is deleted, so
   * no account is left that could never get a profile.
   */
  private async campusForSignUp(viewer: Viewer) {
    try {
      return await this.signUps.campuses.campusForSignUp(viewer.email);
    } catch (error) {
      // Only the refusal deletes the account (a database that cannot be reached must not). The
      // refusal is the answer even when the identity provider cannot be reached just now: the
      // account then goes at the next attempt, which is refused the same way.
      if (error instanceof ForbiddenError) await this.signUps.identity.deleteUser(viewer.uid).catch(() => undefined);
      throw error;
    }
  }

  /** Changes the profile of `uid` (GraphQL: the caller's; REST: the path's), if the policy allows. */
  async updateProfile(viewer: Viewer, uid: string, input: ProfileInput): Promise<User> {
    authorize(userPolicy, viewer, 'update', { id: uid });
    const problems = new FieldProblems();
    const changes: Partial<User> = {};
    const displayName = checkDisplayName(problems, input.displayName);
    if (displayName !== undefined) changes.displayName = displayName;
    const bio = checkBio(problems, input.bio);
    if (bio !== undefined) changes.bio = bio;
    const interests = checkInterests(problems, input.interests);
    if (interests !== undefined) changes.interests = interests;
    if (typeof input.showOrganizations === 'boolean') changes.showOrganizations = input.showOrganizations;
    const dateOfBirth = checkDateOfBirth(problems, input.dateOfBirth, this.now());
    if (dateOfBirth !== undefined) changes.dateOfBirth = dateOfBirth;
    problems.throwIfAny();
    const photoURL = await this.acceptablePhoto(viewer, input.photoURL);

    await this.get(uid);
    if (photoURL !== undefined) {
      await this.withPhotoSources(photoURL, (users, photoSources) => users.update({ id: uid }, { ...changes, photoURL, photoSources }));
    } else if (Object.keys(changes).length) {
      await this.users.update({ id: uid }, changes);
    }
    return this.get(uid);
  }

  /**
   * Every write of users.photo_url goes through here, with the photo's sized copies for
   * users.photo_sources read in the same transaction (none, and no statement, for no photo or one
   * that is not a /media file). `photoURL` undefined: the photo does not change, nor its sizes.
   */
  private async withPhotoSources<T>(
    photoURL: string | null | undefined,
    write: (users: Repository<User>, photoSources: StoredPicture[]) => Promise<T>,
  ): Promise<T> {
    if (!photoURL || !isMediaUrl(photoURL)) return write(this.users, []);
    return this.db.transaction(async (tx) => write(tx.getRepository(User), await this.media.storedPicturesOf(photoURL, tx)));
  }

  /**
   * Name search (the community directory, @mention suggestions): names with a word that starts with
   * the query first ('Maya Chen' for 'ma'), then names that merely contain it ('Demadu'); newest
   * members first within each. Keyset pages over (rank, created_at, id): the cursor's rank is read
   * from its row.
   */
  async search(query: string, page: PageRequest, viewer: Viewer | null = null, scope: CampusScope | null = null): Promise<Page<User>> {
    const term = query.trim().slice(0, 100).toLowerCase();
    const builder = this.users.createQueryBuilder('u').where('TRUE');
    if (viewer) builder.andWhere(notBlockedSql('u.firebase_uid', ':viewerUid'), { viewerUid: viewer.uid });
    // MINE: the viewer's campus (everyone for a viewer with none), in the same statement (users_campus).
    if (viewer && mineOnly(scope)) {
      const campus = viewerCampusSql(':viewerUid');
      builder.andWhere(`(${campus} IS NULL OR u.campus_id = ${campus})`, { viewerUid: viewer.uid });
    }
    if (!term) {
      keysetDesc(builder, 'u', page);
      return toPage(await builder.getMany(), page.size);
    }
    builder.andWhere('lower(u.display_name) LIKE :pattern', { pattern: `%${escapeLike(term)}%` });
    // \m: the start of a word (PostgreSQL regular expressions).
    const rank = (alias: string) => `(CASE WHEN lower(${alias}.display_name) ~ :wordStart THEN 0 ELSE 1 END)`;
    builder.setParameter('wordStart', `\\m${escapeRegex(term)}`);
    if (page.after) {
      const afterRank = `COALESCE((SELECT ${rank('c')} FROM users c WHERE c.firebase_uid = :afterId), 1)`;
      builder.andWhere(
        `(${rank('u')} > ${afterRank} OR (${rank('u')} = ${afterRank} AND (u.createdAt, u.id) < (:afterCreatedAt, :afterId)))`,
        {
          afterCreatedAt: page.after.createdAt,
          afterId: page.after.id,
        },
      );
    }
    builder.addSelect(rank('u'), 'search_rank').orderBy('search_rank', 'ASC').addOrderBy('u.createdAt', 'DESC').addOrderBy('u.id', 'DESC');
    builder.limit(page.size + 1);
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
              AND NOT ${followsSql('u.firebase_uid', '$1')}
              AND ${notBlockedSql('u.firebase_uid', '$1')}
            ORDER BY cardinality(ARRAY(SELECT unnest(u.interests) INTERSECT SELECT unnest(me.interests))) DESC,
                     u.follower_count DESC, u.firebase_uid
            LIMIT $2`,
          [viewer.uid, first],
        )
      : await this.db.query(`SELECT firebase_uid FROM users ORDER BY follower_count DESC, firebase_uid LIMIT $1`, [first]);
    const users = new Map((await this.byIds(rows.map((row) => row.firebase_uid))).map((user) => [user.id, user]));
    return rows.flatMap((row) => users.get(row.firebase_uid) ?? []);
  }

  async followers(uid: string, page: PageRequest, viewer: Viewer | null = null): Promise<Page<{ user: User; followedAt: Date }>> {
    return this.followEdges(uid, page, 'followee_uid', 'follower_uid', viewer);
  }

  async following(uid: string, page: PageRequest, viewer: Viewer | null = null): Promise<Page<{ user: User; followedAt: Date }>> {
    return this.followEdges(uid, page, 'follower_uid', 'followee_uid', viewer);
  }

  private async followEdges(uid: string, page: PageRequest, own: string, other: string, viewer: Viewer | null) {
    // Nobody the viewer blocked, or who blocked the viewer, in anyone's lists.
    const params: unknown[] = [uid, page.size + 1, viewer?.uid ?? ''];
    let after = '';
    if (page.after) {
      params.push(page.after.createdAt, page.after.id);
      after = `AND (f.created_at, f.${other}) < ($4, $5)`;
    }
    const rows: Array<{ followed_at: Date; firebase_uid: string }> = await this.db.query(
      `SELECT f.created_at AS followed_at, u.firebase_uid
         FROM follows f JOIN users u ON u.firebase_uid = f.${other}
        WHERE f.${own} = $1 ${after} AND ${notBlockedSql(`f.${other}`, '$3')}
        ORDER BY f.created_at DESC, f.${other} DESC
        LIMIT $2`,
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

/** The one wording of a person who is not there: here, and for follows' reference to a followee. */
export function userNotFound(): NotFoundError {
  return new NotFoundError('User not found');
}

/** The neutral answer about someone either of the two blocked: it says nothing of who blocked whom. */
export function accountNotAvailable(): NotFoundError {
  return new NotFoundError('This account is not available');
}

function isMediaUrl(url: string): boolean {
  return mediaPathFromUrl(url) !== null;
}
