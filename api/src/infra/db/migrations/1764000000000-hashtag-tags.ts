import type { MigrationInterface, QueryRunner } from 'typeorm';

const BATCH = 1000;

/**
 * The hashtag rule as modules/posts/post-tags.ts had it when this migration was written. A
 * migration is a snapshot: it keeps its own copy, so it neither imports the app above the
 * database layer nor changes what it did if the rule changes later.
 */
const NOT_IN_A_TAG = /[^\p{L}\p{M}\p{N}_]/gu;

function normaliseTag(text: string): string {
  return text.normalize('NFC').replace(NOT_IN_A_TAG, '');
}

function normaliseTags(raw: readonly string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const tag of raw.map(normaliseTag)) {
    const key = tag.toLowerCase();
    if (!tag || seen.has(key)) continue;
    seen.add(key);
    tags.push(tag);
  }
  return tags;
}

/**
 * Tags follow the hashtag convention (modules/posts/post-tags.ts): 'golden hour' was stored as
 * typed, and is 'goldenhour' now. Stored tags are brought to the rule the api applies to new
 * ones, and tag pages match in any case through a GIN index on the lower-cased tags (byTag asks
 * exactly `post_tag_keys(tags) @> ARRAY[lower($1)]`, so PostgreSQL can use it).
 */
export class HashtagTags1764000000000 implements MigrationInterface {
  name = 'HashtagTags1764000000000';

  async up(runner: QueryRunner): Promise<void> {
    await normaliseStoredTags(runner);
    await runner.query(`
      CREATE FUNCTION post_tag_keys(tags text[]) RETURNS text[]
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN ARRAY(SELECT lower(tag) FROM unnest(tags) AS tag)`);
    await runner.query(`DROP INDEX IF EXISTS posts_tags`);
    await runner.query(`CREATE INDEX posts_tag_keys ON posts USING gin (post_tag_keys(tags))`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query(`DROP INDEX IF EXISTS posts_tag_keys`);
    await runner.query(`DROP FUNCTION IF EXISTS post_tag_keys(text[])`);
    await runner.query(`CREATE INDEX IF NOT EXISTS posts_tags ON posts USING gin (tags)`);
  }
}

/**
 * Only posts with a tag holding something besides letters, digits and '_' can change (spaces,
 * punctuation, marks, which the JS rule then judges); they are rewritten a batch at a time.
 */
async function normaliseStoredTags(runner: QueryRunner): Promise<void> {
  let after = '00000000-0000-0000-0000-000000000000';
  for (;;) {
    const rows: Array<{ id: string; tags: string[] }> = await runner.query(
      `SELECT id, tags FROM posts WHERE id > $1 AND array_to_string(tags, '') ~ '[^[:alnum:]_]' ORDER BY id LIMIT ${BATCH}`,
      [after],
    );
    if (!rows.length) return;
    const changed = rows.map((row) => ({ id: row.id, tags: normaliseTags(row.tags) }));
    await runner.query(
      `UPDATE posts p SET tags = ARRAY(SELECT jsonb_array_elements_text(v.tags))
         FROM jsonb_to_recordset($1::jsonb) AS v (id uuid, tags jsonb) WHERE p.id = v.id`,
      [JSON.stringify(changed)],
    );
    after = rows[rows.length - 1]!.id;
  }
}
