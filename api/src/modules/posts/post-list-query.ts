import type DataLoader from 'dataloader';
import type { DataSource } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import { LIMITS } from '@campus-clips/rules';
import { pageShape, toPage, type Page, type PageRequest } from '../../shared/paging';
import { entityRowReader, type EntityRowReader } from '../../infra/db/plain-rows';
import { PlanChoice, PreparedStatement, runPrepared } from '../../infra/db/prepared-statements';
import { hiddenCommentersSql } from '../../infra/db/relation-filters';
import { User } from '../users';
import { Post } from './post.entity';
import { HIDDEN_COMMENTERS, visibleCommentCountSql } from './post-visibility';

/**
 * A page of posts read with what every post card shows beside them, in the same statement. Each
 * post's `commentCount` is as the viewer's thread shows it (post-visibility.ts).
 */
export interface PostListPage extends Page<Post> {
  /** The page's authors (each appears once); they passed the posts' visibility rule with them. */
  authors: User[];
  /** Which of the page's posts the viewer likes; empty when signed out. */
  likedByViewer: Set<string>;
  /** Each post's score, for a list ranked by one (search_score); absent otherwise. */
  scores?: Map<string, number>;
  /** What each companion read for the page, by its key (null: there, but not for this viewer). */
  companions: Array<{ companion: PostPageCompanion; values: Map<string, unknown> }>;
}

/**
 * Something a post card shows that another module owns (the organization a post was made as,
 * issue 26), read in the page's own statement rather than by a loader afterwards: the web's real
 * card is then one statement a page (issue 30). Modules that depend on posts provide companions;
 * services.ts hands them to the data source (usePostPageCompanions), as with PostOrganizationGate.
 */
export interface PostPageCompanion {
  /** Its alias in the statement: its columns must not clash with the page's (p_, u_ and a few). */
  readonly alias: string;
  /** A subquery of at most one row for the page's post `p`, none when the viewer (uid parameter `viewer`) may not see it. */
  lateral(viewer: string): string;
  /** What the post refers to (the organization's id); null when it refers to none. */
  keyOf(post: Post): string | null;
  /** Its value out of the page's row, when the subquery found one. */
  read(row: Record<string, unknown>, viewer: Pick<Viewer, 'uid'> | null): unknown;
  /** Whether the subquery found a row for this page row. */
  found(row: Record<string, unknown>): boolean;
  /** Hands one value (null: not visible to this viewer) to the request's loaders. */
  prime(loaders: object, key: string, value: unknown): void;
}

const companionsOf = new WeakMap<DataSource, readonly PostPageCompanion[]>();

/** The companions every post list on this data source reads; set once, before the first page. */
export function usePostPageCompanions(db: DataSource, companions: readonly PostPageCompanion[]): void {
  companionsOf.set(db, companions);
}

/** Builds the statement that picks a page's posts; see PostListQuery. */
export type PickPostsSql = (params: {
  /** The viewer's uid parameter. */
  viewer: string;
  /** How many rows to pick (the page and one more), a number written into the SQL text. */
  want: string;
  /** The keyset condition on a posts alias ('AND (alias.created_at, alias.id) < ...'), or '' on a first page. */
  after: (alias: string) => string;
  /** The list's own parameters, from 0. */
  extra: (index: number) => string;
}) => string;

/**
 * The order a list walks and its keyset: by a timestamp column of posts, or by `search_score` (a
 * float8 column the list's SELECT adds: search results, by rank), then id the same way.
 */
export interface PostListOrder {
  column: 'created_at' | 'event_starts_at' | 'search_score';
  direction: 'ASC' | 'DESC';
}

/** A keyset position in a list's own order: a time, or a score for a ranked list. */
export interface PostListPosition {
  key: Date | number;
  id: string;
}

export const NEWEST_FIRST: PostListOrder = { column: 'created_at', direction: 'DESC' };

/**
 * One list of posts (Home, Explore, a tag, a profile, upcoming events) as one prepared statement per page: the
 * rows `pickPosts` selects, joined with their authors and whether the viewer likes each. Before,
 * a page was three statements (posts, then authors and likes through loaders) and TypeORM built
 * its SQL text again on every request; the text is now built here once per list and keyset shape.
 *
 * `pickPosts` returns a SELECT of posts rows aliased `q` (`SELECT q.* FROM posts q ...`) in the
 * list's `order` (newest first unless told), limited to `want` rows (a number in the text), with the keyset condition
 * `after('q')` in its WHERE. A page request's keyset position is in the list's order: for a list
 * by event start, its `createdAt` holds the event's start.
 */
export class PostListQuery {
  /** The first-page and next-page statements of each page size asked for so far. */
  private readonly bySize = new Map<number, { first: PreparedStatement; next: PreparedStatement }>();
  private readonly posts: EntityRowReader<Post>;
  private readonly authors: EntityRowReader<User>;
  private readonly scored: boolean;

  constructor(
    private readonly db: DataSource,
    private readonly purpose: string,
    private readonly extraParameters: number,
    private readonly pickPosts: PickPostsSql,
    private readonly order: PostListOrder = NEWEST_FIRST,
    /**
     * Once by default (infra/db/prepared-statements.ts); each run for a list whose best plan
     * depends on its values (search's ranked lists, a tag's posts).
     */
    private readonly plan: PlanChoice = PlanChoice.ONCE,
  ) {
    this.posts = entityRowReader(db, Post, 'p');
    this.authors = entityRowReader(db, User, 'u');
    this.scored = order.column === 'search_score';
  }

  /** The data source's companions, fixed when the first statement is written. */
  private get companions(): readonly PostPageCompanion[] {
    return companionsOf.get(this.db) ?? [];
  }

  /** The statements of the web app's page size, for EXPLAIN notes and tests (values: pageValues). */
  get statements(): PreparedStatement[] {
    const { first, next } = this.statementsFor(LIMITS.pageSize.default);
    return [first, next];
  }

  /**
   * The page size is written into the SQL text, never a parameter: with `LIMIT $n` PostgreSQL
   * costs the reusable generic plan as if the whole table were wanted (373,700 against 168 at
   * campus scale), never switches to it, and plans every execution again (issue 30: 1.2-1.4 ms of
   * planning for 0.14 ms of work). Sizes are rounded up to a few shapes (shared/paging.ts).
   */
  private statementsFor(size: number): { first: PreparedStatement; next: PreparedStatement } {
    const shape = pageShape(size);
    let statements = this.bySize.get(shape);
    if (!statements) {
      statements = {
        first: new PreparedStatement(`${this.purpose}, first page`, this.statementText(shape + 1, false), this.plan),
        next: new PreparedStatement(`${this.purpose}, next page`, this.statementText(shape + 1, true), this.plan),
      };
      this.bySize.set(shape, statements);
    }
    return statements;
  }

  private statementText(want: number, next: boolean): string {
    // $1 the viewer's uid ('' when signed out: nobody's uid), then the list's own parameters, then
    // the keyset position. The author and the viewer's like are looked up per row (a LIMIT keeps
    // each lateral from being flattened into a join): otherwise a generic plan hashed all 20,000
    // users of the campus dataset, and every like of the viewer, for an 11-row page. Each post's
    // comment count leaves out what the viewer's thread hides; who that is (usually nobody) is
    // found once for the page.
    const { column, direction } = this.order;
    const afterIndex = 2 + this.extraParameters;
    const beyond = direction === 'DESC' ? '<' : '>';
    const keyType = column === 'search_score' ? 'float8' : 'timestamptz';
    const companionColumns = this.companions.map((companion) => `, ${companion.alias}.*`).join('');
    const companionJoins = this.companions
      .map((companion) => `LEFT JOIN LATERAL (${companion.lateral('$1::text')}) ${companion.alias} ON true`)
      .join('\n      ');
    return `WITH ${HIDDEN_COMMENTERS} AS MATERIALIZED (${hiddenCommentersSql('$1::text')})
      SELECT ${this.posts.selectList}, ${this.authors.selectList}, lk.liked IS NOT NULL AS viewer_has_liked,
        ${visibleCommentCountSql('p', HIDDEN_COMMENTERS)} AS visible_comment_count${this.scored ? ', p.search_score' : ''}${companionColumns}
      FROM (${this.pickPosts({
        viewer: '$1::text',
        want: String(want),
        after: (alias) =>
          next ? `AND (${alias}.${column}, ${alias}.id) ${beyond} ($${afterIndex}::${keyType}, $${afterIndex + 1}::uuid)` : '',
        extra: (index) => `$${2 + index}`,
      })}) p
      CROSS JOIN LATERAL (SELECT * FROM users a WHERE a.firebase_uid = p.author_uid LIMIT 1) u
      LEFT JOIN LATERAL (SELECT true AS liked FROM likes l WHERE l.post_id = p.id AND l.user_uid = $1 LIMIT 1) lk ON true
      ${companionJoins}
      ORDER BY p.${column} ${direction}, p.id ${direction}`;
  }

  async page(viewer: Pick<Viewer, 'uid'> | null, page: PageRequest, extra: unknown[] = []): Promise<PostListPage> {
    return this.pageAfter(viewer, page.size, page.after && { key: page.after.createdAt, id: page.after.id }, extra);
  }

  /** A page after a position in the list's own order (a score, for a ranked list). */
  async pageAfter(
    viewer: Pick<Viewer, 'uid'> | null,
    size: number,
    after: PostListPosition | null,
    extra: unknown[] = [],
  ): Promise<PostListPage> {
    if (extra.length !== this.extraParameters) throw new Error(`PostListQuery: ${this.extraParameters} parameters expected`);
    const { first, next } = this.statementsFor(size);
    const values: unknown[] = [viewer?.uid ?? '', ...extra];
    if (after) values.push(after.key, after.id);
    // A rounded-up shape may bring more rows than the page and one more: the rest are not shown.
    const rows = (await runPrepared(this.db, after ? next : first, values)).slice(0, size + 1);

    const authors = new Map<string, User>();
    const likedByViewer = new Set<string>();
    const scores = new Map<string, number>();
    const companions = this.companions.map((companion) => ({ companion, values: new Map<string, unknown>() }));
    const items = rows.map((row) => {
      const post = this.posts.read(row);
      post.commentCount = Number(row.visible_comment_count);
      if (!authors.has(post.authorUid)) authors.set(post.authorUid, this.authors.read(row));
      if (row.viewer_has_liked === true) likedByViewer.add(post.id);
      if (this.scored) scores.set(post.id, Number(row.search_score));
      for (const { companion, values } of companions) {
        const key = companion.keyOf(post);
        if (key !== null && !values.has(key)) values.set(key, companion.found(row) ? companion.read(row, viewer) : null);
      }
      return post;
    });
    return { ...toPage(items, size), authors: [...authors.values()], likedByViewer, companions, ...(this.scored && { scores }) };
  }
}

/** A list with nothing in it (a tag nobody used, a filter that needs a viewer). */
export function emptyPostListPage(): PostListPage {
  return { items: [], hasNextPage: false, authors: [], likedByViewer: new Set(), companions: [] };
}

/** The request's loaders a page of posts can fill (modules/graphql-context.ts has them all). */
export interface PostListLoaders {
  user: DataLoader<string, User | null>;
  viewerHasLiked: DataLoader<string, boolean>;
}

/**
 * A page of posts arrives with its authors and the viewer's likes: handing them to the request's
 * loaders means the page's `author` and `viewerHasLiked` fields cost no statement.
 */
export function primePostListPage(loaders: PostListLoaders, page: PostListPage): PostListPage {
  for (const author of page.authors) loaders.user.prime(author.id, author);
  for (const post of page.items) loaders.viewerHasLiked.prime(post.id, page.likedByViewer.has(post.id));
  for (const { companion, values } of page.companions) for (const [key, value] of values) companion.prime(loaders, key, value);
  return page;
}
