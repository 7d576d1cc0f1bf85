// Builds a fresh benchmark database `campus_bench_<scale>`: the api's own migrations, then every
// table filled through COPY from a seeded generator (same seed, same rows), counters computed in
// one UPDATE each, then ANALYZE. CLI: node bench/dataset/generate.mjs --scale tiny|campus [--variant hidden2]
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import copyStreams from 'pg-copy-streams';
import { createRandom } from '../lib/prng.mjs';
import { DATASET_END, DEFAULT_SEED, SCALES, TWO_YEARS_MS, VARIANTS } from './scales.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const TABLES = ['users', 'follows', 'blocks', 'mutes', 'uploads', 'posts', 'likes', 'comments'];

/**
 * Issue 25: the dataset's students are split over three campuses, a third each (by index, so no
 * random draw moves and the rest of the dataset stays as it was); the benchmark's actors are all
 * on the first, whose domain their emulator accounts' addresses are on (lib/accounts.mjs). A
 * post carries its author's campus (posts.author_campus_id, as the api's trigger writes it).
 */
export const BENCH_CAMPUSES = [
  { id: '00000000-0000-4000-8000-00000000b001', name: 'Bench University', shortName: 'BENCH', domain: 'bench.campusclips.example' },
  { id: '00000000-0000-4000-8000-00000000b002', name: 'North Bench College', shortName: 'NORTH', domain: 'north.bench-campus.example' },
  { id: '00000000-0000-4000-8000-00000000b003', name: 'South Bench Institute', shortName: 'SOUTH', domain: 'south.bench-campus.example' },
];
const campusOf = (index, actorIndexes) => BENCH_CAMPUSES[actorIndexes.has(index) ? 0 : index % BENCH_CAMPUSES.length];

const FIRST = [
  'Maya',
  'Leo',
  'Amara',
  'Jonas',
  'Sofia',
  'Kai',
  'Priya',
  'Sam',
  'Lina',
  'Diego',
  'Noor',
  'Ellis',
  'Aiko',
  'Ben',
  'Chloe',
  'Dev',
  'Eva',
  'Finn',
  'Grace',
  'Hugo',
  'Isla',
  'Jamal',
  'Kira',
  'Luca',
  'Mina',
  'Nico',
  'Omar',
  'Pia',
  'Quinn',
  'Rosa',
  'Theo',
  'Uma',
  'Vik',
  'Wren',
  'Yara',
  'Zane',
];
const LAST = [
  'Chen',
  'Martins',
  'Okafor',
  'Becker',
  'Rossi',
  'Nakamura',
  'Patel',
  'Kim',
  'Haddad',
  'Lopez',
  'Ali',
  'Morgan',
  'Sato',
  'Novak',
  'Dubois',
  'Silva',
  'Khan',
  'Berg',
  'Costa',
  'Nguyen',
  'Ivanova',
  'Mensah',
  'Garcia',
  'Larsen',
];
// The catalogue students pick from, as the api checks it (built packages/rules).
const { INTEREST_CATALOGUE: INTERESTS } = createRequire(import.meta.url)('@campus-clips/rules');
const TAGS = [
  'campus',
  'library',
  'finals',
  'gameday',
  'dorm',
  'food',
  'music',
  'dance',
  'lab',
  'sunset',
  'study',
  'friends',
  'club',
  'art',
  'gym',
  'roadtrip',
  'coffee',
  'party',
  'graduation',
  'science',
];
const CAPTION_WORDS = [
  'late',
  'night',
  'at',
  'the',
  'library',
  'with',
  'best',
  'crew',
  'first',
  'snow',
  'on',
  'quad',
  'finals',
  'week',
  'survival',
  'kit',
  'new',
  'dance',
  'routine',
  'lab',
  'results',
  'are',
  'in',
  'sunset',
  'from',
  'roof',
  'game',
  'day',
  'vibes',
  'coffee',
  'run',
];
const COMMENTS = [
  'This is so good!',
  'Haha love it',
  'Where is this?',
  'Same energy',
  'Need this today',
  'Ok this made my day',
  'See you there!',
  'Teach me please',
  'Iconic',
  'Who else was there?',
  'Crazy shot',
  'Saving this one',
];

export const uidOf = (index) => `bench-u${String(index).padStart(6, '0')}`;

/** The users the benchmark signs in as; the rest are only data. */
export function actorsFor(scale) {
  const spec = SCALES[scale];
  return {
    student: { index: 0, uid: uidOf(0), follows: 150 },
    heavy: { index: 1, uid: uidOf(1), follows: Math.min(spec.heavyFollowCount, spec.users - 1) },
    light: { index: 2, uid: uidOf(2), follows: 10 },
  };
}

export async function buildDataset({ scale, variant = null, adminUrl, seed = DEFAULT_SEED, log = console.log }) {
  const spec = SCALES[scale];
  if (!spec) throw new Error(`unknown scale ${scale}: use ${Object.keys(SCALES).join(' or ')}`);
  if (variant && !VARIANTS[variant]) throw new Error(`unknown variant ${variant}: use ${Object.keys(VARIANTS).join(' or ')}`);
  const database = `campus_bench_${scale}${variant ? `_${variant}` : ''}`;
  const databaseUrl = withDatabase(adminUrl, database);
  const started = Date.now();
  const timings = {};
  const step = async (name, fn) => {
    const t = Date.now();
    const result = await fn();
    timings[name] = (Date.now() - t) / 1000;
    log(`dataset: ${name} ${timings[name].toFixed(1)} s`);
    return result;
  };

  await step('create database', async () => {
    await withClient(adminUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
      await client.query(`CREATE DATABASE ${database}`);
    });
  });
  await step('migrations', () => runApiMigrations(databaseUrl));
  await step('campuses', () =>
    withClient(databaseUrl, async (client) => {
      for (const campus of BENCH_CAMPUSES) {
        await client.query('INSERT INTO campuses (id, name, short_name) VALUES ($1, $2, $3)', [campus.id, campus.name, campus.shortName]);
        await client.query('INSERT INTO campus_domains (domain, campus_id) VALUES ($1, $2)', [campus.domain, campus.id]);
      }
    }),
  );

  const data = await step('generate in memory', () => generate(spec, scale, seed));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`SET maintenance_work_mem = '1GB'; SET synchronous_commit = off`);
    const saved = await step('drop keys and indexes', () => dropKeysAndIndexes(client));
    for (const table of TABLES) await client.query(`ALTER TABLE ${table} DISABLE TRIGGER USER`);
    const counts = {};
    for (const table of TABLES) counts[table] = await step(`copy ${table}`, () => copyTable(client, table, data));
    const indexSeconds = await step('keys and indexes', () => restoreKeysAndIndexes(client, saved));
    // The search indexes (issue 27): how long each took to build over the loaded rows.
    for (const [name, took] of Object.entries(indexSeconds)) if (/search/.test(name)) timings[`index ${name}`] = took;
    if (variant) counts.unseenPosts = await step(`variant ${variant}`, () => applyVariant(client, VARIANTS[variant], data.fixtures));
    await step('counters', () => computeCounters(client));
    await step('events', () => addEvents(client));
    await step('search tags', () => computeSearchTags(client));
    const organizations = await step('organizations', () => addOrganizations(client, spec, scale));
    // Flat numbers, as the other counts (the report prints each as "N name").
    counts.organizations = organizations.organizations;
    counts.memberships = organizations.memberships;
    counts.organizationPosts = organizations.posts;
    for (const table of TABLES) await client.query(`ALTER TABLE ${table} ENABLE TRIGGER USER`);
    await step('vacuum analyze', () => client.query('VACUUM (ANALYZE)'));
    const seconds = (Date.now() - started) / 1000;
    log(`dataset: ${database} ready in ${seconds.toFixed(1)} s: ${JSON.stringify(counts)}`);
    return { database, databaseUrl, seed, seconds, timings, counts, actors: actorsFor(scale), fixtures: data.fixtures };
  } finally {
    await client.end();
  }
}

/** The api's own migration code (built api/dist), the same path a fresh deployment takes. */
async function runApiMigrations(databaseUrl) {
  const require = createRequire(path.join(root, 'api', 'package.json'));
  let dataSourceModule;
  let entitiesModule;
  try {
    require('reflect-metadata');
    dataSourceModule = require(path.join(root, 'api', 'dist', 'infra', 'db', 'data-source.js'));
    entitiesModule = require(path.join(root, 'api', 'dist', 'modules', 'entities.js'));
  } catch (error) {
    throw new Error(`cannot load api/dist (run "npm run build -w api" first): ${error.message}`);
  }
  const db = await dataSourceModule.openDatabase({ databaseUrl }, entitiesModule.ENTITIES);
  await db.close();
}

function generate(spec, scale, seed) {
  const random = createRandom(seed);
  const actors = actorsFor(scale);
  const n = spec.users;
  const start = DATASET_END - TWO_YEARS_MS;
  const celebStart = 10;
  const popularStart = celebStart + spec.celebrities;
  const popularEnd = popularStart + spec.popular;

  // Users
  const users = [];
  const actorIndexes = new Set(Object.values(actors).map((actor) => actor.index));
  for (let i = 0; i < n; i++) {
    const campus = campusOf(i, actorIndexes);
    const first = random.pick(FIRST);
    const last = random.pick(LAST);
    const interests = new Set();
    for (let k = random.int(4); k > 0; k--) interests.add(random.pick(INTERESTS));
    users.push({
      uid: uidOf(i),
      name: `${first} ${last}`,
      email: `${uidOf(i)}@${campus.domain}`,
      campusId: campus.id,
      born: `${random.between(1998, 2007)}-${String(random.between(1, 12)).padStart(2, '0')}-${String(random.between(1, 28)).padStart(2, '0')}`,
      interests: [...interests],
      createdAt: start - random.int(365 * 24 * 3600 * 1000),
    });
  }

  // Follows: out-degree mostly 50-300, some light users, some heavy; followees drawn from a mix
  // of a few celebrities (thousands of followers), popular accounts (about a thousand) and everyone.
  const outDegree = (i) => {
    if (i === actors.student.index) return actors.student.follows;
    if (i === actors.light.index) return actors.light.follows;
    if (i === actors.heavy.index || (i >= 3 && i < 2 + spec.heavyFollowers)) return Math.min(spec.heavyFollowCount, n - 1);
    const u = random.next();
    let d;
    if (u < 0.85) d = 50 + 250 * random.next() ** 1.5;
    else if (u < 0.97) d = 50 * random.next();
    else d = 300 + 700 * random.next();
    return Math.min(n - 1, Math.round(d * spec.followFactor));
  };
  const pickFollowee = () => {
    const u = random.next();
    if (u < 0.03) return celebStart + random.int(spec.celebrities);
    if (u < 0.2) return popularStart + random.int(spec.popular);
    return random.int(n);
  };
  const follows = [];
  const followsOf = new Map();
  for (let i = 0; i < n; i++) {
    const want = outDegree(i);
    const chosen = new Set();
    // Heavy followers take most of the campus: draw uniformly once the mix would keep colliding.
    while (chosen.size < want) {
      const j = chosen.size > n / 3 ? random.int(n) : pickFollowee();
      if (j !== i) chosen.add(j);
    }
    followsOf.set(i, chosen);
    for (const j of chosen) follows.push([i, j, start + random.int(TWO_YEARS_MS)]);
  }

  // Blocks and mutes (issue 14), so every feed's filters meet real rows: one student in ten has
  // blocked one to three people (never someone either follows: a block removes those edges), one
  // in five has muted one to five people they follow. The bench actors do both.
  const blocks = [];
  const mutes = [];
  for (let i = 0; i < n; i++) {
    const actor = actorIndexes.has(i);
    if (actor || random.next() < 0.1) {
      const chosen = new Set();
      for (let tries = 0, want = actor ? 5 : random.between(1, 3); chosen.size < want && tries < 50; tries++) {
        const j = random.int(n);
        const ordinary = !actor || j >= popularEnd;
        if (ordinary && j !== i && !actorIndexes.has(j) && !followsOf.get(i).has(j) && !followsOf.get(j).has(i)) chosen.add(j);
      }
      for (const j of chosen) blocks.push([i, j]);
    }
    if (actor || random.next() < 0.2) {
      const followed = [...followsOf.get(i)];
      const want = Math.min(followed.length, actor ? 10 : random.between(1, 5));
      const chosen = new Set();
      while (chosen.size < want) chosen.add(followed[random.int(followed.length)]);
      for (const j of chosen) mutes.push([i, j]);
    }
  }

  // Posts over two years, inserted in time order (as a live system would); creators post more.
  const postTimes = new Float64Array(spec.posts);
  for (let p = 0; p < spec.posts; p++) postTimes[p] = start + random.int(TWO_YEARS_MS);
  postTimes.sort();
  const posts = new Array(spec.posts);
  for (let p = 0; p < spec.posts; p++) {
    const author = random.next() < 0.3 ? celebStart + random.int(popularEnd - celebStart) : random.int(n);
    const words = [];
    for (let k = random.between(2, 8); k > 0; k--) words.push(random.pick(CAPTION_WORDS));
    const tags = new Set();
    for (let k = random.int(4); k > 0; k--) tags.add(random.pick(TAGS));
    posts[p] = { id: random.uuid(), author, at: postTimes[p], caption: words.join(' '), tags: [...tags] };
  }

  // Likes and comments: a skewed (log-normal) number per post, scaled to the target totals.
  const perPost = (total, sigma, cap) => {
    const raw = new Float64Array(spec.posts);
    let sum = 0;
    for (let p = 0; p < spec.posts; p++) sum += raw[p] = random.logNormal(1, sigma);
    const factor = total / sum;
    return Array.from(raw, (value) => Math.min(cap, Math.floor(value * factor + random.next())));
  };
  const likeCounts = perPost(spec.likes, 1.2, Math.floor(n / 2));
  const commentCounts = perPost(spec.comments, 1.0, 500);

  // The student's fixtures leave out the people the student blocked (they could not act on them).
  const blockedByStudent = new Set(blocks.filter(([a]) => a === actors.student.index).map(([, b]) => b));
  const actable = (p) => !blockedByStudent.has(posts[p].author);
  const postIds = [];
  while (postIds.length < 2000) {
    const p = random.int(spec.posts);
    if (actable(p)) postIds.push(posts[p].id);
  }
  const fixtures = {
    // The student's posts to like/comment on: from the Home feed's authors and elsewhere.
    postIds,
    // People the student does not follow yet (follow/unfollow toggles these).
    followTargets: [],
    // A creator with many posts (the profile scenario) and a post with many comments.
    profileUid: uidOf(celebStart),
    busyPostId: posts[commentCounts.reduce((best, count, p) => (actable(p) && count > commentCounts[best] ? p : best), 0)].id,
    uploadUrls: [],
  };
  const studentFollows = followsOf.get(actors.student.index);
  for (let i = popularEnd; i < n && fixtures.followTargets.length < 2000; i++)
    if (!studentFollows.has(i) && i !== actors.student.index && !blockedByStudent.has(i)) fixtures.followTargets.push(uidOf(i));

  // Finished uploads owned by the student, one per createPost request the benchmark may send.
  const uploads = [];
  for (let k = 0; k < spec.createPostUploads; k++) {
    const id = random.uuid().replace(/-/g, '');
    const mediaPath = `videos/${DATASET_END + k}-bench-clip.mp4`;
    uploads.push({ id, mediaPath, posterPath: `posters/${DATASET_END + k}-bench-clip.jpg` });
    fixtures.uploadUrls.push(`/media/${mediaPath}`);
  }
  fixtures.uploadUrls.reverse(); // hand out in a fixed order from the end; see scenarios/actions.mjs

  return { random, users, follows, blocks, mutes, posts, likeCounts, commentCounts, uploads, fixtures, n };
}

async function copyTable(client, table, data) {
  const { random } = data;
  const ts = (ms) => new Date(ms).toISOString();
  const arr = (items) => `{${items.map((item) => `"${item}"`).join(',')}}`;
  const rows = {
    *users() {
      for (const u of data.users)
        yield `${u.uid}\t${u.email}\t${u.name}\t\\N\t${u.born}\tStudent at Bench University\t${arr(u.interests)}\t${ts(u.createdAt)}\t${ts(u.createdAt)}\t${u.campusId}\tt\n`;
    },
    *follows() {
      for (const [a, b, at] of data.follows) yield `${uidOf(a)}\t${uidOf(b)}\t${ts(at)}\n`;
    },
    *blocks() {
      for (const [a, b] of data.blocks) yield `${uidOf(a)}\t${uidOf(b)}\n`;
    },
    *mutes() {
      for (const [a, b] of data.mutes) yield `${uidOf(a)}\t${uidOf(b)}\n`;
    },
    *uploads() {
      const owner = uidOf(0);
      const at = ts(DATASET_END);
      for (const u of data.uploads)
        yield `${u.id}\t${owner}\tvideo\tbench-clip.mp4\t${u.mediaPath}\t${u.posterPath}\tvideo/mp4\t1048576\t5.2\t720\t1280\tcomplete\t${at}\t${at}\n`;
    },
    *posts() {
      for (const p of data.posts) {
        const stamp = Math.floor(p.at);
        yield `${p.id}\t${uidOf(p.author)}\t/media/videos/${stamp}-${p.id.slice(0, 8)}.mp4\t/media/posters/${stamp}-${p.id.slice(0, 8)}.jpg\t${(3 + random.next() * 57).toFixed(1)}\t720\t1280\t\\N\t${p.caption}\t${arr(p.tags)}\t${ts(p.at)}\tready\t${data.users[p.author].campusId}\n`;
      }
    },
    *likes() {
      const seen = new Set();
      for (let p = 0; p < data.posts.length; p++) {
        const post = data.posts[p];
        const span = Math.min(30 * 86400_000, DATASET_END - post.at);
        seen.clear();
        while (seen.size < data.likeCounts[p]) seen.add(random.int(data.n));
        for (const u of seen) yield `${post.id}\t${uidOf(u)}\t${ts(post.at + random.int(span))}\n`;
      }
    },
    *comments() {
      for (let p = 0; p < data.posts.length; p++) {
        const post = data.posts[p];
        const span = Math.min(30 * 86400_000, DATASET_END - post.at);
        for (let k = data.commentCounts[p]; k > 0; k--) {
          yield `${random.uuid()}\t${post.id}\t${uidOf(random.int(data.n))}\t${random.pick(COMMENTS)}\t${ts(post.at + random.int(span))}\n`;
        }
      }
    },
  };
  const columns = {
    users: 'firebase_uid, email, display_name, photo_url, date_of_birth, bio, interests, created_at, updated_at, campus_id, verified',
    follows: 'follower_uid, followee_uid, created_at',
    blocks: 'blocker_uid, blocked_uid',
    mutes: 'muter_uid, muted_uid',
    uploads:
      'id, owner_uid, kind, file_name, media_path, poster_path, content_type, size, duration, width, height, status, created_at, completed_at',
    posts: 'id, author_uid, video_url, poster_url, duration, width, height, upload_id, caption, tags, created_at, status, author_campus_id',
    likes: 'post_id, user_uid, created_at',
    comments: 'id, post_id, author_uid, text, created_at',
  };
  const stream = client.query(copyStreams.from(`COPY ${table} (${columns[table]}) FROM STDIN`));
  const done = new Promise((resolve, reject) => {
    stream.on('finish', resolve);
    stream.on('error', reject);
  });
  let count = 0;
  let batch = [];
  for (const line of rows[table]()) {
    batch.push(line);
    count++;
    if (batch.length === 2000) {
      if (!stream.write(batch.join(''))) await new Promise((resolve) => stream.once('drain', resolve));
      batch = [];
    }
  }
  stream.end(batch.join(''));
  await done;
  return count;
}

/**
 * Bulk loads are faster into bare tables: remember every primary key, unique and foreign key and
 * every other index the migrations made, drop them, and put them back (exactly as defined) after.
 */
async function dropKeysAndIndexes(client) {
  const { rows: constraints } = await client.query(
    `SELECT c.conrelid::regclass::text AS tbl, c.conname, c.contype, pg_get_constraintdef(c.oid) AS def
       FROM pg_constraint c
      WHERE (c.conrelid = ANY($1::regclass[]) AND c.contype IN ('p', 'u', 'f')) OR (c.contype = 'f' AND c.confrelid = ANY($1::regclass[]))`,
    [TABLES],
  );
  const { rows: indexes } = await client.query(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS def
       FROM pg_index i WHERE i.indrelid = ANY($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid AND c.contype IN ('p', 'u'))`,
    [TABLES],
  );
  for (const c of constraints.filter((c) => c.contype === 'f')) await client.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT ${c.conname}`);
  for (const c of constraints.filter((c) => c.contype !== 'f')) await client.query(`ALTER TABLE ${c.tbl} DROP CONSTRAINT ${c.conname}`);
  for (const index of indexes) await client.query(`DROP INDEX ${index.name}`);
  return { constraints, indexes };
}

async function restoreKeysAndIndexes(client, { constraints, indexes }) {
  for (const c of constraints.filter((c) => c.contype !== 'f'))
    await client.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT ${c.conname} ${c.def}`);
  const seconds = {};
  for (const index of indexes) {
    const started = Date.now();
    await client.query(index.def);
    seconds[index.name] = (Date.now() - started) / 1000;
  }
  // Adding a foreign key checks every existing row in one join: the data is verified, not trusted.
  for (const c of constraints.filter((c) => c.contype === 'f'))
    await client.query(`ALTER TABLE ${c.tbl} ADD CONSTRAINT ${c.conname} ${c.def}`);
  return seconds;
}

/**
 * A variant's posts a reader may not see (dataset/scales.mjs VARIANTS), before the counters and
 * search tags are computed so they leave them out as the triggers would. Returns how many.
 */
async function applyVariant(client, { processingPercent, hiddenPercent }, fixtures) {
  const kept = [...fixtures.postIds, fixtures.busyPostId];
  const bucket = `abs(hashtext(id::text || 'variant')) % 100`;
  const processing = await client.query(`UPDATE posts SET status = 'processing' WHERE ${bucket} < $1 AND id <> ALL($2::uuid[])`, [
    processingPercent,
    kept,
  ]);
  const hidden = await client.query(
    `UPDATE posts SET hidden_for_review = true WHERE ${bucket} >= $1 AND ${bucket} < $2 AND id <> ALL($3::uuid[])`,
    [processingPercent, processingPercent + hiddenPercent, kept],
  );
  return processing.rowCount + hidden.rowCount;
}

/** What the counter triggers would have kept during the load, computed once per table. */
async function computeCounters(client) {
  await client.query(`
    UPDATE users u SET follower_count = coalesce(fr.n, 0), following_count = coalesce(fg.n, 0), post_count = coalesce(po.n, 0),
           public_post_count = coalesce(po.shown, 0)
      FROM users x
      LEFT JOIN (SELECT followee_uid AS uid, count(*) AS n FROM follows GROUP BY 1) fr ON fr.uid = x.firebase_uid
      LEFT JOIN (SELECT follower_uid AS uid, count(*) AS n FROM follows GROUP BY 1) fg ON fg.uid = x.firebase_uid
      LEFT JOIN (SELECT author_uid AS uid, count(*) AS n, count(*) FILTER (WHERE status = 'ready' AND NOT hidden_for_review) AS shown
                   FROM posts GROUP BY 1) po ON po.uid = x.firebase_uid
     WHERE u.firebase_uid = x.firebase_uid`);
  await client.query(`
    UPDATE posts p SET like_count = coalesce(l.n, 0), comment_count = coalesce(c.n, 0)
      FROM posts x
      LEFT JOIN (SELECT post_id, count(*) AS n FROM likes GROUP BY 1) l ON l.post_id = x.id
      LEFT JOIN (SELECT post_id, count(*) AS n FROM comments GROUP BY 1) c ON c.post_id = x.id
     WHERE p.id = x.id`);
}

/**
 * What the search_tags trigger (migration 1764850000000-search) would have kept during the load:
 * each tag's number of posts anyone may see, its newest spelling and its newest use.
 */
async function computeSearchTags(client) {
  await client.query(`
    INSERT INTO search_tags (key, name, post_count, last_used_at)
    SELECT lower(t.tag), (array_agg(t.tag ORDER BY p.created_at DESC))[1], count(*), max(p.created_at)
      FROM posts p CROSS JOIN LATERAL unnest(p.tags) AS t (tag)
     WHERE p.status = 'ready' AND NOT p.hidden_for_review
     GROUP BY lower(t.tag)`);
}

/**
 * Event posts (issue 18): 1 post in 20 (chosen by its id, so the same posts every build)
 * announces an event at a whole hour over the next 60 days, in London time, named after its
 * caption; a third of them end two hours later (when that is still the same day).
 */
async function addEvents(client) {
  await client.query(`
    WITH e AS (
      SELECT id, date_trunc('hour', now()) + make_interval(hours => 1 + abs(hashtext(id::text)) % (60 * 24)) AS starts_at,
             abs(hashtext(id::text || 'end')) % 3 = 0 AS ends
        FROM posts WHERE abs(hashtext(id::text)) % 20 = 0
    ), z AS (
      SELECT id, starts_at, starts_at AT TIME ZONE 'Europe/London' AS local_start,
             CASE WHEN ends AND ((starts_at + interval '2 hours') AT TIME ZONE 'Europe/London')::date = (starts_at AT TIME ZONE 'Europe/London')::date
                  THEN starts_at + interval '2 hours' END AS ends_at
        FROM e
    )
    UPDATE posts p SET event_name = left(coalesce(nullif(trim(split_part(p.caption, E'\n', 1)), ''), 'Campus event'), 200),
           event_date = z.local_start::date, event_start_time = z.local_start::time(0),
           event_end_time = (z.ends_at AT TIME ZONE 'Europe/London')::time(0),
           event_time_zone = 'Europe/London', event_starts_at = z.starts_at, event_ends_at = z.ends_at,
           event_place = CASE WHEN abs(hashtext(p.id::text)) % 2 = 0 THEN 'Main hall' END
      FROM z WHERE p.id = z.id`);
}

/** The organizations' slugs, by ordinal: bench-club-0000 is the biggest (the organization-page scenario's). */
export const organizationSlug = (ordinal) => `bench-club-${String(ordinal).padStart(4, '0')}`;

/**
 * Organizations (issue 26), all in SQL from hashes of ids (the same rows every build): a campus
 * each (a third each), a category and join mode by ordinal. Their owner and two officers are
 * among the creators and popular students (who post the most); every student belongs to about
 * two (the first three organizations take one student in ten each, the big clubs); a student in
 * 25 follows one. One post in four of an owner or officer is made as one of their organizations.
 * The benchmark's student belongs to five and follows two (their Home walks them too).
 */
async function addOrganizations(client, spec, scale) {
  const n = spec.organizations;
  const creators = { first: 10, count: spec.celebrities + spec.popular };
  const categories = [
    'academic',
    'arts',
    'culture',
    'media',
    'professional',
    'religious',
    'service',
    'sports',
    'student_government',
    'other',
  ];
  await client.query(
    `INSERT INTO organizations (id, slug, name, description, category, join_mode, campus_id, created_at)
     SELECT md5('org' || k)::uuid, $2 || lpad(k::text, 4, '0'), 'Bench Club ' || k, 'A benchmark club',
            ($3::text[])[1 + k % 10], CASE WHEN k % 3 = 0 THEN 'request' ELSE 'open' END,
            (SELECT id FROM campuses ORDER BY id OFFSET k % 3 LIMIT 1), $4::timestamptz - make_interval(days => 700 - k % 600)
       FROM generate_series(0, $1 - 1) k`,
    [n, 'bench-club-', categories, new Date(DATASET_END).toISOString()],
  );
  // The owner, then two officers: creators and popular students, by ordinal.
  await client.query(
    `INSERT INTO organization_members (organization_id, user_uid, role, created_at)
     SELECT md5('org' || k)::uuid, 'bench-u' || lpad(($2 + (k * 3 + r) % $3)::text, 6, '0'),
            CASE WHEN r = 0 THEN 'owner' ELSE 'officer' END, $4::timestamptz - make_interval(days => 700 - k % 600)
       FROM generate_series(0, $1 - 1) k, generate_series(0, 2) r
     ON CONFLICT DO NOTHING`,
    [n, creators.first, creators.count, new Date(DATASET_END).toISOString()],
  );
  await client.query(
    `INSERT INTO organization_members (organization_id, user_uid, created_at)
     SELECT o.id, u.firebase_uid, o.created_at + make_interval(days => abs(hashtext(u.firebase_uid || o.slug)) % 90)
       FROM organizations o CROSS JOIN users u
      WHERE CASE WHEN o.slug <= $1 THEN abs(hashtext(u.firebase_uid || o.slug)) % 10 = 0
                 ELSE abs(hashtext(u.firebase_uid || o.slug)) % greatest($2 / 2, 1) = 0 END
     ON CONFLICT DO NOTHING`,
    [organizationSlug(2), n],
  );
  await client.query(
    `INSERT INTO organization_follows (organization_id, user_uid, created_at)
     SELECT md5('org' || (abs(hashtext(u.firebase_uid)) % $1))::uuid, u.firebase_uid, $2::timestamptz
       FROM users u WHERE abs(hashtext(u.firebase_uid || 'follows')) % 25 = 0
     ON CONFLICT DO NOTHING`,
    [n, new Date(DATASET_END).toISOString()],
  );
  // The benchmark's student: a member of the big clubs and two more, following two others.
  const student = actorsFor(scale).student.uid;
  for (const k of [0, 1, 2, 5, 8]) {
    await client.query(
      `INSERT INTO organization_members (organization_id, user_uid) VALUES (md5('org' || $1::int)::uuid, $2) ON CONFLICT DO NOTHING`,
      [k, student],
    );
  }
  for (const k of [11, 13]) {
    await client.query(
      `INSERT INTO organization_follows (organization_id, user_uid) VALUES (md5('org' || $1::int)::uuid, $2) ON CONFLICT DO NOTHING`,
      [k, student],
    );
  }
  await client.query(`
    UPDATE posts p SET organization_id = pick.organization_id
      FROM (SELECT DISTINCT ON (p.id) p.id, m.organization_id
              FROM posts p JOIN organization_members m ON m.user_uid = p.author_uid AND m.role IN ('owner', 'officer')
             WHERE abs(hashtext(p.id::text || 'org')) % 4 = 0
             ORDER BY p.id, abs(hashtext(p.id::text || m.organization_id::text))) pick
     WHERE p.id = pick.id`);
  // The member-count trigger counted each insert; nothing else keeps a counter here.
  const { rows } = await client.query(
    `SELECT (SELECT count(*) FROM organizations)::int AS organizations, (SELECT count(*) FROM organization_members)::int AS memberships,
            (SELECT count(*) FROM posts WHERE organization_id IS NOT NULL)::int AS posts`,
  );
  return rows[0];
}

/** Rows whose stored counters differ from the rows they count (0 everywhere when exact). */
export async function counterMismatches(client) {
  const { rows } = await client.query(`
    SELECT
      (SELECT count(*) FROM users u WHERE follower_count <> (SELECT count(*) FROM follows WHERE followee_uid = u.firebase_uid)
                                       OR following_count <> (SELECT count(*) FROM follows WHERE follower_uid = u.firebase_uid)
                                       OR post_count <> (SELECT count(*) FROM posts WHERE author_uid = u.firebase_uid)
                                       OR public_post_count <> (SELECT count(*) FROM posts WHERE author_uid = u.firebase_uid
                                                                  AND status = 'ready' AND NOT hidden_for_review)) AS users,
      (SELECT count(*) FROM posts p LEFT JOIN (SELECT post_id, count(*) AS n FROM likes GROUP BY 1) l ON l.post_id = p.id
                                    LEFT JOIN (SELECT post_id, count(*) AS n FROM comments GROUP BY 1) c ON c.post_id = p.id
        WHERE p.like_count <> coalesce(l.n, 0) OR p.comment_count <> coalesce(c.n, 0)) AS posts`);
  return { users: Number(rows[0].users), posts: Number(rows[0].posts) };
}

/** The tables the write scenarios update: vacuumed before a run over an existing dataset (--reuse). */
export const VACUUMED_TABLES =
  'users, posts, follows, likes, comments, notifications, notification_actors, organizations, organization_members, organization_follows';

export function withDatabase(url, database) {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

export async function withClient(url, fn) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const scale = process.argv[process.argv.indexOf('--scale') + 1] || 'tiny';
  const variant = process.argv.includes('--variant') ? process.argv[process.argv.indexOf('--variant') + 1] : null;
  const adminUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  buildDataset({ scale, variant, adminUrl }).then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
