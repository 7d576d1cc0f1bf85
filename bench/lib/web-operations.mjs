// The web app's own GraphQL operations, read from the documents codegen generated for it
// (web/src/graphql/graphql.ts, client preset: one `export const XxxDocument = {...} as unknown as
// DocumentNode<...>;` line per operation, its fragments inlined), and printed as Apollo Client
// sends them: its cache adds `__typename` to every selection set (InMemoryCache, always in
// Apollo Client 4), then the document is printed with graphql's printer. The benchmark asks the
// api for exactly these texts, so a scenario's selection cannot drift from the web's
// (scripts/test-all.mjs step bench-operations checks that every scenario does).
//
// Page sizes are the web's too: each operation's `first` is read from the constant the web's
// page passes (WEB_PAGE_SIZES below), so a new page size in the web is the benchmark's at once.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { addTypenameToDocument } from '@apollo/client/utilities';
import { Kind, print } from 'graphql';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const GENERATED_DOCUMENTS = path.join(root, 'web', 'src', 'graphql', 'graphql.ts');

let cached = null;

/** Every operation of the web app by name: { name, kind: 'query'|'mutation'|'subscription', text, variables }. */
export function webOperations() {
  if (cached) return cached;
  const source = fs.readFileSync(GENERATED_DOCUMENTS, 'utf8');
  const operations = new Map();
  for (const match of source.matchAll(/^export const (\w+)Document = (\{.*\}) as unknown as DocumentNode<.*>;$/gm)) {
    const document = JSON.parse(match[2]);
    const operation = document.definitions.find((definition) => definition.kind === Kind.OPERATION_DEFINITION);
    if (!operation?.name) continue;
    const name = operation.name.value;
    if (name !== match[1]) throw new Error(`${GENERATED_DOCUMENTS}: ${match[1]}Document holds operation ${name}`);
    operations.set(name, {
      name,
      kind: operation.operation,
      text: print(addTypenameToDocument(document)),
      variables: (operation.variableDefinitions ?? []).map((definition) => ({
        name: definition.variable.name.value,
        required: definition.type.kind === Kind.NON_NULL_TYPE && !definition.defaultValue,
      })),
    });
  }
  if (!operations.size) throw new Error(`${GENERATED_DOCUMENTS}: no operation documents found (run npm run codegen)`);
  cached = operations;
  return operations;
}

/** The text the web sends for one operation, by its name in web/src/**\/*.graphql. */
export function webOperation(name) {
  const operation = webOperations().get(name);
  if (!operation) throw new Error(`the web app has no operation ${name} (web/src/**/*.graphql)`);
  return operation;
}

/**
 * Where the web sets each list's page size: the operation, the file and the constant its page
 * passes as `first` (FIRST_PAGE and the events filters use FEED_PAGE_SIZE).
 */
export const WEB_PAGE_SIZES = {
  HomeFeed: ['web/src/features/feed/post-feed.tsx', 'FEED_PAGE_SIZE'],
  ExploreFeed: ['web/src/features/feed/post-feed.tsx', 'FEED_PAGE_SIZE'],
  PostsByTag: ['web/src/features/feed/post-feed.tsx', 'FEED_PAGE_SIZE'],
  Events: ['web/src/features/feed/post-feed.tsx', 'FEED_PAGE_SIZE'],
  OrganizationPosts: ['web/src/features/feed/post-feed.tsx', 'FEED_PAGE_SIZE'],
  UserProfile: ['web/src/features/profile/user-profile-page.tsx', 'POSTS_PAGE_SIZE'],
  PostComments: ['web/src/features/post/comments-panel.tsx', 'COMMENTS_PAGE_SIZE'],
  Notifications: ['web/src/features/notifications/notifications-page.tsx', 'NOTIFICATIONS_PAGE_SIZE'],
  Search: ['web/src/features/search/search-page.tsx', 'SEARCH_PAGE_SIZE'],
  SearchSuggestions: ['web/src/features/search/use-search-suggestions.ts', 'SUGGESTIONS_PER_KIND'],
};

/** The `first` the web asks `operation` for, read from the web's source. */
export function webPageSize(operation) {
  const where = WEB_PAGE_SIZES[operation];
  if (!where) throw new Error(`no page size known for ${operation} (bench/lib/web-operations.mjs WEB_PAGE_SIZES)`);
  const [file, constant] = where;
  const source = fs.readFileSync(path.join(root, file), 'utf8');
  const match = new RegExp(`\\bconst ${constant} = (\\d+);`).exec(source);
  if (!match) throw new Error(`${file} no longer sets ${constant}: update bench/lib/web-operations.mjs`);
  return Number(match[1]);
}
