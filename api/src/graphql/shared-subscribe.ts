import {
  BREAK,
  createSourceEventStream,
  execute,
  TypeInfo,
  visit,
  visitWithTypeInfo,
  type DocumentNode,
  type ExecutionArgs,
  type ExecutionResult,
  type GraphQLSchema,
} from 'graphql';
import { isRestrictedField } from '../shared/graphql/restricted-field';
import type { Viewer } from '../shared/viewer';
import { viewerCan } from '../shared/viewer-can';
import { liveCommentSubject } from '../modules/comments';
import { VIEWER_CAN } from '../modules/resolvers';

/**
 * graphql's `subscribe`, except that one event is executed once for all the subscribers that sent
 * the same operation with the same variables, when every field it selects is the same for every
 * signed-in viewer. 1,000 students watching one post then cost one execution per comment, not 1,000
 * (measured in bench/live.mjs). Anything else (a viewer-dependent field, an unknown field) is
 * executed per subscriber as before.
 *
 * Each execution gets a fresh context from `eventContext` (new DataLoaders), never the one graphql-ws
 * built when the subscription began: loaders cache, so reusing them would answer every later event
 * with the first event's rows (a post's commentCount stuck at 1). A shared execution uses the
 * context of the subscriber whose event ran it, which is sound because only viewer-independent
 * fields are shared, and it costs one fresh loader set per event, not one per subscriber.
 */

/**
 * Fields whose value does not depend on who asks (nothing here reads the viewer, or, like
 * Mention.user, it answers for nobody in particular when shared). A restricted
 * field (User's @OwnerOnly() e-mail and date of birth) is never shared even if listed here: its
 * declaration on the entity decides, so adding one to this list cannot leak it.
 */
const SHAREABLE_FIELDS: Record<string, ReadonlySet<string>> = {
  Subscription: new Set(['commentAdded']),
  Comment: new Set(['id', 'text', 'createdAt', 'author', 'post', 'mentions']),
  // Mention.user depends on who asks (null across a block): in a shared execution it is null for
  // everyone (sharedAcrossViewers), and the '@Name' shows as written until the thread is read again.
  Mention: new Set(['start', 'length', 'user']),
  User: new Set([
    'id',
    'displayName',
    'photoURL',
    'bio',
    'interests',
    'followerCount',
    'followingCount',
    'postCount',
    'createdAt',
    'verified',
    'campus',
  ]),
  // A campus is the same to everyone (issue 25: the badge and campus on a live comment's author).
  Campus: new Set(['id', 'name', 'shortName', 'domains']),
  // Post.commentCount is not here: each reader's count leaves out the comments their thread hides.
  // videoUrl, posterUrl (and User.postCount) answer as for nobody in particular when shared.
  Post: new Set(['id', 'caption', 'tags', 'videoUrl', 'posterUrl', 'createdAt', 'likeCount', 'author']),
};

/**
 * Fields that depend on who asks only through a few classes of subscriber: a comment's viewerCan
 * is the same for everyone but its author, its post's author and the moderators. An operation
 * selecting them is executed once per class of subscriber for each event (VIEWER_CLASSES), with
 * the context of that class's first subscriber, whose answers are every member's.
 */
const CLASSED_FIELDS: Record<string, ReadonlySet<string>> = {
  Comment: new Set(['viewerCan']),
  CommentViewerCan: new Set(Object.keys(VIEWER_CAN.Comment)),
};

/**
 * Per subscription field: a subscriber's class for one event. It is the answers themselves, from
 * the same policy rows the fields ask (resolvers.ts VIEWER_CAN), so two subscribers of a class
 * cannot be told different things.
 */
const VIEWER_CLASSES: Record<string, (viewer: Viewer | null, payload: never) => string> = {
  commentAdded: (viewer, payload: Parameters<typeof liveCommentSubject>[0]) => {
    const subject = liveCommentSubject(payload);
    return Object.values(VIEWER_CAN.Comment)
      .map((rule) => (viewerCan(rule, viewer, subject) ? '1' : '0'))
      .join('');
  },
};

type Result = ExecutionResult | Promise<ExecutionResult>;

/** Per event payload (the same object reaches every subscriber of a topic): results by operation. */
const sharedResults = new WeakMap<object, Map<string, Result>>();
/** Per query text: whether its results may be shared, and the subscription field whose classes divide them (if any). */
const shareableQueries = new Map<string, Shareable>();
type Shareable = { shared: false } | { shared: true; classedBy: string | null };
const QUERY_CACHE_LIMIT = 500;

/**
 * @param eventContext one event's context from the subscription's (the same viewer and services,
 * fresh request-scoped loaders); called once per execution.
 */
export async function sharedSubscribe(
  args: ExecutionArgs,
  eventContext: (subscriptionContext: unknown) => unknown,
): Promise<AsyncIterableIterator<ExecutionResult> | ExecutionResult> {
  const stream = await createSourceEventStream(args);
  if (!isAsyncIterable(stream)) return stream;
  const key = shareKey(args);
  const executeEvent = (payload: unknown, shared: boolean): Result => {
    const contextValue = eventContext(args.contextValue) as object;
    return execute({ ...args, rootValue: payload, contextValue: shared ? { ...contextValue, sharedAcrossViewers: true } : contextValue });
  };
  const viewer = (args.contextValue as { viewer?: Viewer | null } | undefined)?.viewer ?? null;
  return mapAsyncIterable(stream, (payload: unknown) => {
    if (key === null || typeof payload !== 'object' || payload === null) return executeEvent(payload, false);
    const classify = key.classedBy === null ? null : VIEWER_CLASSES[key.classedBy];
    if (key.classedBy !== null && !classify) return executeEvent(payload, false);
    const eventKey = classify ? `${key.key}|${classify(viewer, payload as never)}` : key.key;
    let results = sharedResults.get(payload);
    if (!results) sharedResults.set(payload, (results = new Map()));
    let result = results.get(eventKey);
    if (!result) results.set(eventKey, (result = executeEvent(payload, true)));
    return result;
  });
}

/**
 * The operation as a cache key, or null when its result may differ between viewers; `classedBy`
 * names the subscription field whose VIEWER_CLASSES divide its subscribers.
 */
function shareKey(args: ExecutionArgs): { key: string; classedBy: string | null } | null {
  const query = args.document.loc?.source.body;
  if (!query) return null;
  const shareable = isShareable(args.schema, args.document, query);
  if (!shareable.shared) return null;
  // Signed-in or not still matters (fields that require a user fail for a guest).
  const signedIn = Boolean((args.contextValue as { viewer?: unknown } | undefined)?.viewer);
  return {
    key: JSON.stringify([query, args.operationName ?? null, args.variableValues ?? null, signedIn]),
    classedBy: shareable.classedBy,
  };
}

function isShareable(schema: GraphQLSchema, document: DocumentNode, query: string): Shareable {
  const known = shareableQueries.get(query);
  if (known !== undefined) return known;
  let shareable = true;
  let classed = false;
  let subscriptionField: string | null = null;
  const typeInfo = new TypeInfo(schema);
  visit(
    document,
    visitWithTypeInfo(typeInfo, {
      Field(node) {
        const parent = typeInfo.getParentType();
        if (node.name.value === '__typename') return undefined;
        const field = typeInfo.getFieldDef();
        if (parent && parent === schema.getSubscriptionType()) subscriptionField = node.name.value;
        if (parent && field && !isRestrictedField(field) && CLASSED_FIELDS[parent.name]?.has(node.name.value)) {
          classed = true;
          return undefined;
        }
        if (!parent || !field || isRestrictedField(field) || !SHAREABLE_FIELDS[parent.name]?.has(node.name.value)) {
          shareable = false;
          return BREAK;
        }
        return undefined;
      },
    }),
  );
  const answer: Shareable = shareable ? { shared: true, classedBy: classed ? (subscriptionField ?? '') : null } : { shared: false };
  if (shareableQueries.size >= QUERY_CACHE_LIMIT) shareableQueries.clear();
  shareableQueries.set(query, answer);
  return answer;
}

function isAsyncIterable(value: unknown): value is AsyncIterable<unknown> {
  return typeof (value as AsyncIterable<unknown> | null)?.[Symbol.asyncIterator] === 'function';
}

/** graphql's own mapAsyncIterator (internal there): return() reaches the source at once. */
function mapAsyncIterable<T, U>(iterable: AsyncIterable<T>, map: (value: T) => U | Promise<U>): AsyncIterableIterator<U> {
  const iterator = iterable[Symbol.asyncIterator]();
  async function mapResult(result: IteratorResult<T>): Promise<IteratorResult<U>> {
    if (result.done) return result;
    try {
      return { value: await map(result.value), done: false };
    } catch (error) {
      if (typeof iterator.return === 'function') {
        try {
          await iterator.return();
        } catch {
          // keep the original error
        }
      }
      throw error;
    }
  }
  return {
    async next() {
      return mapResult(await iterator.next());
    },
    async return() {
      return typeof iterator.return === 'function' ? mapResult(await iterator.return()) : { value: undefined, done: true };
    },
    async throw(error?: unknown) {
      if (typeof iterator.throw === 'function') return mapResult(await iterator.throw(error));
      throw error;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
