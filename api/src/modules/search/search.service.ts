import type { DataSource } from 'typeorm';
import { checkSearchForm } from '@campus-clips/rules';
import { ValidationError } from '../../shared/errors';
import { pageSize } from '../../shared/validation';
import type { Viewer } from '../../shared/viewer';
import { entityRowReader, type EntityRowReader } from '../../infra/db/plain-rows';
import { PlanChoice, PreparedStatement, runPrepared } from '../../infra/db/prepared-statements';
import { followsSql, notMutedSql } from '../../infra/db/relation-filters';
import { PostListQuery, visibleAuthorSql, visiblePostSql, visiblePostStateSql, type PostListPage } from '../posts';
import { CampusScope, mineOnly, viewerCampusSql } from '../campuses';
import { organizationRows, type Organization, type OrganizationRows } from '../organizations';
import { User } from '../users';
import { decodeSearchCursor, type SearchPosition } from './search-cursor';
import { searchText, type SearchText } from './search-text';
import { SearchType, Tag, type SearchKind, type SearchNode } from './search.types';

/**
 * How results are ordered (README, "Search"). Every score is one float8; a list is keyset-paged on
 * (score, id), and freshness is measured from the instant the first page was ranked (the cursor
 * keeps it), so scrolling never skips or repeats a result.
 *
 * - Clips: relevance x freshness. Relevance is ts_rank_cd over the post's vector, whose parts weigh
 *   tags 1.0, the event's name 0.4, the caption 0.2 and the event's place 0.1 (a word in the tags
 *   beats the same word in a caption), once for the words as prefixes and once exactly (a whole
 *   word beats a prefix of a longer one), each brought into [0, 1) (rank / (rank + 1)) and averaged.
 *   Freshness is 1 / (1 + days / 7) with days capped at 28: 1 today, 0.5 a week ago, 0.2 from four
 *   weeks on. So a clip of today beats an older one unless the older matches more than five times
 *   better; among clips four weeks old or more, relevance alone decides.
 * - Events (not yet ended): relevance as clips x soonness, the same curve over the days until the
 *   start (tonight's before next month's).
 * - People: 2 for the exact name, 1 when a word of the name starts with the search, 0 otherwise,
 *   plus 0.5 x the whole name's trigram similarity and 0.49 x the best-matching part's
 *   (word_similarity): an exact name always beats a partial one, a partial one a misspelt one, and
 *   similarity orders each group ('Maya Chem' finds Maya Chen before Maya Chenoweth). No
 *   freshness: a classmate does not go stale.
 * - Tags: 2 exact, 1 prefix, 0 similar, plus 0.99 x similarity x freshness of its newest clip.
 * - Organizations: by name as people (3 exact, 2 a word starts so, 1 similar, plus the same
 *   similarities), and below every name match those whose description (or name) has the words:
 *   0.99 x their relevance as clips'. Active ones only; no freshness.
 */
const WEIGHTS = `'{0.1, 0.2, 0.4, 1.0}'::float4[]`;
const CAPPED_DAYS = 28;
/** The curve both clips (age) and events (time to start) use. */
const decaySql = (days: string) => `(1.0 / (1.0 + least(greatest(${days}, 0.0), ${CAPPED_DAYS}.0) / 7.0))`;
const daysBetweenSql = (later: string, earlier: string) => `(extract(epoch FROM (${later} - ${earlier}))::float8 / 86400.0)`;
/** `match` and `exact`: parameters holding the words as prefixes and exactly (search-text.ts). */
const relevanceSql = (vector: string, match: string, exact: string) =>
  `((ts_rank_cd(${WEIGHTS}, ${vector}, to_tsquery('campus_search', ${match}::text), 32)
    + ts_rank_cd(${WEIGHTS}, ${vector}, to_tsquery('campus_search', ${exact}::text), 32))::float8 / 2.0)`;

/**
 * How many matches a list of clips (events) ranks: the newest (soonest) this many. A word on a sixth
 * of the campus's posts matches 80,000 at campus scale: ranking them all took 380 ms, most of it
 * reading them. The newest thousand of a word that common are days old; nobody scrolls past them.
 */
export const RANKED_MATCHES = 1000;

/** How many people, organizations, tags and events TOP shows above its clips. */
export const TOP_SECTION_SIZE = 3;
/** Suggestions while typing: at most this many of each kind. */
export const SUGGESTIONS_PER_KIND = 5;

/**
 * The campus switch (CampusScope, issue 25): MINE narrows people, clips, events and organizations to the viewer's
 * campus (everyone's for a viewer with no campus, or signed out); tags are the whole app's. The
 * condition sits where the candidates are chosen, so a campus's newest matches are ranked, not the
 * whole app's newest with the other campuses' left out. `mine` is a statement parameter: the search
 * statements of one shape serve both scopes.
 */
function withinScope(campusColumn: string, viewer: string, mine: string): string {
  const viewerCampus = viewerCampusSql(viewer);
  return `(${mine} IS NOT TRUE OR ${viewerCampus} IS NULL OR ${campusColumn} = ${viewerCampus})`;
}

/** One result with its place in its list. */
export interface SearchHit {
  kind: SearchKind;
  node: SearchNode;
  position: SearchPosition;
}

/** A page of results, with what the resolver hands the request's loaders (authors, likes, follows, organizations). */
export interface SearchPage {
  hits: SearchHit[];
  hasNextPage: boolean;
  postPages: PostListPage[];
  people: User[];
  viewerFollows: Map<string, boolean>;
  organizations: Organization[];
}

interface PersonRow {
  search_score: number;
  viewer_follows: boolean;
  [column: string]: unknown;
}

/**
 * One search over people, clips, tags, events and organizations. Each list is one prepared
 * statement a page: the database matches (GIN indexes on posts.search_vector, users.search_name,
 * search_tags.search_key, organizations.search_name and organizations.search_vector), ranks and sorts; who the reader may see is the
 * feeds' own rule (posts/post-visibility.ts, relation-filters), applied to the ranked rows from the
 * best down, so only as many are judged as the page needs.
 */
export class SearchService {
  private readonly clipPages: PostListQuery;
  private readonly eventPages: PostListQuery;
  private readonly people: { first: PreparedStatement; next: PreparedStatement };
  private readonly tags: { first: PreparedStatement; next: PreparedStatement };
  private readonly organizations: { first: PreparedStatement; next: PreparedStatement };
  private readonly users: EntityRowReader<User>;
  private readonly organizationRows: OrganizationRows;

  constructor(
    private readonly db: DataSource,
    private readonly now: () => Date = () => new Date(),
  ) {
    this.users = entityRowReader(db, User, 'u');
    this.organizationRows = organizationRows(db);
    this.clipPages = this.postList('search clips', 'clips');
    this.eventPages = this.postList('search events', 'events');
    this.people = { first: this.peopleStatement(false), next: this.peopleStatement(true) };
    this.tags = { first: this.tagStatement(false), next: this.tagStatement(true) };
    this.organizations = { first: this.organizationStatement(false), next: this.organizationStatement(true) };
  }

  /**
   * A page of `type`'s list for `q`. A blank search (or one of only punctuation) finds nothing; more
   * than 100 characters is refused in @campus-clips/rules' words. TOP's first page is the best
   * TOP_SECTION_SIZE people, organizations, tags and events, then a page of clips; its next pages are clips.
   */
  async search(
    viewer: Viewer | null,
    q: string,
    type: SearchType,
    first: number | null | undefined,
    after: string | null | undefined,
    scope: CampusScope = CampusScope.ALL,
  ): Promise<SearchPage> {
    const text = checkedText(q);
    const size = pageSize(first);
    const idIsUuid = type !== SearchType.PEOPLE && type !== SearchType.TAGS;
    const position = decodeSearchCursor(after, type, idIsUuid);
    const page = emptyPage();
    if (!text.words.length) return page;
    const rankedAt = position?.rankedAt ?? this.now();
    switch (type) {
      case SearchType.PEOPLE:
        return this.personPage(viewer, text, size, position, rankedAt, scope);
      case SearchType.TAGS:
        return this.tagPage(viewer, text, size, position, rankedAt);
      case SearchType.ORGANIZATIONS:
        return this.organizationPage(viewer, text, size, position, rankedAt, scope);
      case SearchType.CLIPS:
      case SearchType.EVENTS:
        return this.postPage(viewer, text, type, size, position, rankedAt, scope);
      case SearchType.TOP: {
        if (position) return this.postPage(viewer, text, SearchType.TOP, size, position, rankedAt, scope);
        const [people, organizations, tags, events, clips] = await Promise.all([
          this.personPage(viewer, text, TOP_SECTION_SIZE, null, rankedAt, scope),
          this.organizationPage(viewer, text, TOP_SECTION_SIZE, null, rankedAt, scope),
          this.tagPage(viewer, text, TOP_SECTION_SIZE, null, rankedAt),
          this.postPage(viewer, text, SearchType.EVENTS, TOP_SECTION_SIZE, null, rankedAt, scope),
          this.postPage(viewer, text, SearchType.TOP, size, null, rankedAt, scope),
        ]);
        return {
          hits: [...people.hits, ...organizations.hits, ...tags.hits, ...events.hits, ...clips.hits],
          hasNextPage: clips.hasNextPage,
          postPages: [...events.postPages, ...clips.postPages],
          people: people.people,
          viewerFollows: people.viewerFollows,
          organizations: organizations.organizations,
        };
      }
    }
  }

  /**
   * What to offer while a student types: the best few people, tags and organizations for `q`, in
   * that order. Three statements, run side by side.
   */
  async suggestions(
    viewer: Viewer | null,
    q: string,
    first: number | null | undefined,
    scope: CampusScope = CampusScope.ALL,
  ): Promise<SearchPage> {
    const text = checkedText(q);
    if (!text.words.length) return emptyPage();
    const size = Math.min(pageSize(first), SUGGESTIONS_PER_KIND);
    const rankedAt = this.now();
    const [people, tags, organizations] = await Promise.all([
      this.personPage(viewer, text, size, null, rankedAt, scope),
      this.tagPage(viewer, text, size, null, rankedAt),
      this.organizationPage(viewer, text, size, null, rankedAt, scope),
    ]);
    return {
      ...people,
      hits: [...people.hits, ...tags.hits, ...organizations.hits],
      hasNextPage: false,
      organizations: organizations.organizations,
    };
  }

  /** The statements, for EXPLAIN notes (bench) and tests. */
  get statements(): PreparedStatement[] {
    return [
      ...this.clipPages.statements,
      ...this.eventPages.statements,
      this.people.first,
      this.people.next,
      this.tags.first,
      this.tags.next,
      this.organizations.first,
      this.organizations.next,
    ];
  }

  private async postPage(
    viewer: Viewer | null,
    text: SearchText,
    type: SearchType.CLIPS | SearchType.EVENTS | SearchType.TOP,
    size: number,
    after: SearchPosition | null,
    rankedAt: Date,
    scope: CampusScope,
  ): Promise<SearchPage> {
    const list = type === SearchType.EVENTS ? this.eventPages : this.clipPages;
    const posts = await list.pageAfter(viewer, size, after && { key: after.score, id: after.id }, [
      text.matchQuery,
      text.exactQuery,
      rankedAt,
      mineOnly(scope),
    ]);
    const kind: SearchKind = type === SearchType.EVENTS ? SearchType.EVENTS : SearchType.CLIPS;
    return {
      ...emptyPage(),
      hits: posts.items.map((post) => ({
        kind,
        node: post,
        position: { type, rankedAt, score: posts.scores!.get(post.id)!, id: post.id },
      })),
      hasNextPage: posts.hasNextPage,
      postPages: [posts],
    };
  }

  private async personPage(
    viewer: Viewer | null,
    text: SearchText,
    size: number,
    after: SearchPosition | null,
    rankedAt: Date,
    scope: CampusScope,
  ): Promise<SearchPage> {
    const values: unknown[] = [viewer?.uid ?? '', size + 1, text.name, mineOnly(scope)];
    if (after) values.push(after.score, after.id);
    const rows = await runPrepared<PersonRow>(this.db, after ? this.people.next : this.people.first, values);
    const people = rows.slice(0, size).map((row) => ({ user: this.users.read(row), row }));
    return {
      ...emptyPage(),
      hits: people.map(({ user, row }) => ({
        kind: SearchType.PEOPLE,
        node: user,
        position: { type: SearchType.PEOPLE, rankedAt, score: Number(row.search_score), id: user.id },
      })),
      hasNextPage: rows.length > size,
      people: people.map(({ user }) => user),
      viewerFollows: new Map(people.map(({ user, row }) => [user.id, row.viewer_follows === true])),
    };
  }

  private async tagPage(
    viewer: Viewer | null,
    text: SearchText,
    size: number,
    after: SearchPosition | null,
    rankedAt: Date,
  ): Promise<SearchPage> {
    const values: unknown[] = [viewer?.uid ?? '', size + 1, text.tag, rankedAt];
    if (after) values.push(after.score, after.id);
    const rows = await runPrepared<{ key: string; name: string; post_count: number; search_score: number }>(
      this.db,
      after ? this.tags.next : this.tags.first,
      values,
    );
    return {
      ...emptyPage(),
      hits: rows.slice(0, size).map((row) => ({
        kind: SearchType.TAGS,
        node: Object.assign(new Tag(), { name: row.name, postCount: Number(row.post_count) }),
        position: { type: SearchType.TAGS, rankedAt, score: Number(row.search_score), id: row.key },
      })),
      hasNextPage: rows.length > size,
    };
  }

  private async organizationPage(
    viewer: Viewer | null,
    text: SearchText,
    size: number,
    after: SearchPosition | null,
    rankedAt: Date,
    scope: CampusScope,
  ): Promise<SearchPage> {
    const values: unknown[] = [viewer?.uid ?? '', size + 1, text.name, text.matchQuery, text.exactQuery, mineOnly(scope)];
    if (after) values.push(after.score, after.id);
    const rows = await runPrepared<Record<string, unknown>>(this.db, after ? this.organizations.next : this.organizations.first, values);
    const found = rows.slice(0, size).map((row) => ({ organization: this.organizationRows.read(row, viewer), row }));
    return {
      ...emptyPage(),
      hits: found.map(({ organization, row }) => ({
        kind: SearchType.ORGANIZATIONS,
        node: organization,
        position: { type: SearchType.ORGANIZATIONS, rankedAt, score: Number(row.search_score), id: organization.id },
      })),
      hasNextPage: rows.length > size,
      organizations: found.map(({ organization }) => organization),
    };
  }

  /**
   * Clips or events as a PostListQuery ranked by score ($3 the words as prefixes, $4 exactly, $5 the
   * instant ranked at, $6 whether the viewer's campus only), so a page is one statement with its authors and the viewer's likes, as a
   * feed page is. The posts' own state (ready, not hidden, or the viewer's own) is judged as they
   * match; their authors (blocked either way, suspended, muted) from the best score down.
   */
  private postList(purpose: string, kind: 'clips' | 'events'): PostListQuery {
    const clips = kind === 'clips';
    // Its third parameter: the instant the first page was ranked at.
    const freshness = (rankedAt: string) =>
      decaySql(clips ? daysBetweenSql(rankedAt, 'c.created_at') : daysBetweenSql('c.event_starts_at', rankedAt));
    // Not yet ended, as the Events page has it (events.service.ts), with its bound on the start.
    const only = clips
      ? ''
      : `AND w.event_starts_at IS NOT NULL AND w.event_starts_at > now() - interval '25 hours' AND coalesce(w.event_ends_at, w.event_starts_at) > now()`;
    return new PostListQuery(
      this.db,
      purpose,
      4,
      // The candidates: the newest matches (events: the soonest), made before the first page was
      // ranked, so later pages rank the same ones. PostgreSQL finds them through posts_search when the
      // words are rare, or walks posts_recent (posts_event_upcoming) keeping matches when they are
      // common; which is cheaper depends on the words, so the statement is planned on every run.
      ({ viewer, want, after, extra }) => `SELECT q.*, r.search_score FROM (
          SELECT s.id, s.author_uid, s.search_score FROM (
            SELECT c.id, c.author_uid,
              ${relevanceSql('c.search_vector', extra(0), extra(1))} * ${freshness(`${extra(2)}::timestamptz`)} AS search_score
              FROM (
                SELECT w.id, w.author_uid, w.created_at, w.event_starts_at, w.search_vector FROM posts w
                 WHERE w.search_vector @@ to_tsquery('campus_search', ${extra(0)}::text) AND w.created_at <= ${extra(2)}::timestamptz
                   AND ${visiblePostStateSql('w', viewer)} ${only}
                   AND ${withinScope('w.author_campus_id', viewer, `${extra(3)}::boolean`)}
                 ORDER BY ${clips ? 'w.created_at DESC, w.id DESC' : 'w.event_starts_at ASC, w.id ASC'}
                 LIMIT ${RANKED_MATCHES}
              ) c
          ) s
          WHERE TRUE ${after('s')}
          ORDER BY s.search_score DESC, s.id DESC
          OFFSET 0
        ) r
        JOIN posts q ON q.id = r.id
        WHERE ${visibleAuthorSql('r.author_uid', viewer)} AND ${notMutedSql('r.author_uid', viewer)}
        ORDER BY r.search_score DESC, r.id DESC
        LIMIT ${want}`,
      { column: 'search_score', direction: 'DESC' },
      PlanChoice.EACH_RUN,
    );
  }

  /**
   * People: $1 the viewer, $2 rows wanted, $3 the words, $4 whether the viewer's campus only, then the
   * keyset (score, uid). Matched by the
   * trigram index on users.search_name: similar as a whole (%), a word similar to the search (<%),
   * or containing it (LIKE); then ranked, then judged (blocked either way, suspended) from the top.
   * Muting someone hides their posts, not them: a student still finds whom they muted.
   */
  private peopleStatement(next: boolean): PreparedStatement {
    const text = `SELECT ${this.users.selectList}, r.search_score,
        ${followsSql('r.firebase_uid', '$1::text')} AS viewer_follows
      FROM (
        SELECT s.firebase_uid, s.search_score FROM (
          SELECT c.firebase_uid,
            (CASE WHEN c.search_name = nq.n THEN 2
                  WHEN starts_with(c.search_name, nq.n) OR strpos(c.search_name, ' ' || nq.n) > 0 THEN 1
                  ELSE 0 END
              + 0.5 * similarity(c.search_name, nq.n) + 0.49 * word_similarity(nq.n, c.search_name))::float8 AS search_score
            FROM users c, (SELECT search_fold($3::text) AS n OFFSET 0) nq
           WHERE (c.search_name % nq.n OR nq.n <% c.search_name OR c.search_name LIKE '%' || nq.n || '%')
             AND ${withinScope('c.campus_id', '$1::text', '$4::boolean')}
        ) s
        WHERE TRUE ${next ? 'AND (s.search_score, s.firebase_uid) < ($5::float8, $6::text)' : ''}
        ORDER BY s.search_score DESC, s.firebase_uid DESC
        OFFSET 0
      ) r
      JOIN users u ON u.firebase_uid = r.firebase_uid
      WHERE ${visibleAuthorSql('r.firebase_uid', '$1::text')}
      ORDER BY r.search_score DESC, r.firebase_uid DESC
      LIMIT $2::int`;
    return new PreparedStatement(`search people, ${next ? 'next' : 'first'} page`, text, PlanChoice.POSTGRES);
  }

  /**
   * Tags: $1 the viewer, $2 rows wanted, $3 the words run together, $4 the instant ranked at, then the
   * keyset (score, key). A tag is offered only when the reader may see a clip that carries it (the
   * tag pages' own rule), judged from the best score down through the posts_tag_keys index.
   */
  private tagStatement(next: boolean): PreparedStatement {
    const text = `SELECT r.key, r.name, r.post_count, r.search_score FROM (
        SELECT s.key, s.name, s.post_count, s.search_score FROM (
          SELECT t.key, t.name, t.post_count,
            (CASE WHEN t.search_key = tq.k THEN 2 WHEN starts_with(t.search_key, tq.k) THEN 1 ELSE 0 END
              + 0.99 * similarity(t.search_key, tq.k) * ${decaySql(daysBetweenSql('$4::timestamptz', 't.last_used_at'))})::float8 AS search_score
            FROM search_tags t, (SELECT search_fold($3::text) AS k OFFSET 0) tq
           WHERE (t.search_key % tq.k OR t.search_key LIKE tq.k || '%') AND t.post_count > 0
        ) s
        WHERE TRUE ${next ? 'AND (s.search_score, s.key) < ($5::float8, $6::text)' : ''}
        ORDER BY s.search_score DESC, s.key DESC
        OFFSET 0
      ) r
      WHERE EXISTS (SELECT 1 FROM posts p WHERE post_tag_keys(p.tags) @> ARRAY[r.key]
                      AND ${visiblePostSql('p', '$1::text')} AND ${notMutedSql('p.author_uid', '$1::text')})
      ORDER BY r.search_score DESC, r.key DESC
      LIMIT $2::int`;
    return new PreparedStatement(`search tags, ${next ? 'next' : 'first'} page`, text, PlanChoice.POSTGRES);
  }

  /**
   * Organizations: $1 the viewer, $2 rows wanted, $3 the words, $4 and $5 the words as prefixes and
   * exactly, $6 whether the viewer's campus only, then the keyset (score, id). Matched by the trigram
   * index on organizations.search_name (as people) or the GIN index on organizations.search_vector
   * (a word of the description); only active ones (hidden and suspended ones are never found, not
   * even by moderators: they reach them through the moderation queue). Read with the viewer's
   * relation to each, so the result's viewer fields cost no statement.
   */
  private organizationStatement(next: boolean): PreparedStatement {
    const named = `(c.search_name % nq.n OR nq.n <% c.search_name OR c.search_name LIKE '%' || nq.n || '%')`;
    const text = `SELECT ${this.organizationRows.selectList}, r.search_score
      FROM (
        SELECT s.id, s.search_score FROM (
          SELECT c.id,
            (CASE WHEN ${named} THEN
                (CASE WHEN c.search_name = nq.n THEN 3
                      WHEN starts_with(c.search_name, nq.n) OR strpos(c.search_name, ' ' || nq.n) > 0 THEN 2
                      ELSE 1 END)
                + 0.5 * similarity(c.search_name, nq.n) + 0.49 * word_similarity(nq.n, c.search_name)
              ELSE 0.99 * ${relevanceSql('c.search_vector', '$4', '$5')} END)::float8 AS search_score
            FROM organizations c, (SELECT search_fold($3::text) AS n OFFSET 0) nq
           WHERE (${named} OR c.search_vector @@ to_tsquery('campus_search', $4::text))
             AND c.status = 'active'
             AND ${withinScope('c.campus_id', '$1::text', '$6::boolean')}
        ) s
        WHERE TRUE ${next ? 'AND (s.search_score, s.id) < ($7::float8, $8::uuid)' : ''}
        ORDER BY s.search_score DESC, s.id DESC
        LIMIT $2::int
      ) r
      JOIN organizations o ON o.id = r.id
      ${this.organizationRows.viewerJoins('$1::text')}
      ORDER BY r.search_score DESC, r.id DESC`;
    return new PreparedStatement(`search organizations, ${next ? 'next' : 'first'} page`, text, PlanChoice.POSTGRES);
  }
}

function checkedText(q: string): SearchText {
  const checked = checkSearchForm({ q });
  if (!checked.ok) throw new ValidationError(checked.problems);
  return searchText(checked.value.q);
}

function emptyPage(): SearchPage {
  return { hits: [], hasNextPage: false, postPages: [], people: [], viewerFollows: new Map(), organizations: [] };
}
