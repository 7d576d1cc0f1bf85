import type { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Search (issue 27, modules/search), in the database alone: no search server.
 *
 * - `pg_trgm` (trigram similarity, for names that are misspelt) and `unaccent` (accents ignored).
 *   Both are "trusted" extensions (PostgreSQL 13+: the database's owner may create them) and both
 *   ship with PGlite, which loads them when it opens (infra/db/data-source.ts).
 * - `search_fold(text)`: lower case without accents ('Zoë Núñez' -> 'zoe nunez'). unaccent() itself
 *   is only STABLE (it finds its dictionary through search_path); this wrapper names the dictionary
 *   when it is created (a SQL-standard body binds it by OID), so it is IMMUTABLE in truth and may
 *   build a stored column and an index.
 * - `campus_search`, a text search configuration: words through unaccent, then a simple dictionary
 *   with English stop words. No stemming: captions are in many languages, and a stemmed lexeme
 *   breaks prefix matching ('roboti' would not find 'robotics' once stemmed to 'robot').
 * - `posts.search_vector`, a generated column (kept by the database on every insert and update):
 *   the tags (weight A), the event's name (B), the caption (C) and the event's place (D), with a
 *   GIN index, and one over event posts alone. `users.search_name` (search_fold of the display
 *   name) with a trigram GIN index.
 * - `search_tags`: every tag with the number of posts anyone may see that carry it (ready, not
 *   hidden for review) and when it was last used, kept by a trigger on posts like the other
 *   counters, with a trigram index on its folded key: the Tags tab and suggestions read it instead
 *   of every post.
 */
export class Search1764850000000 implements MigrationInterface {
  name = 'Search1764850000000';

  async up(runner: QueryRunner): Promise<void> {
    await runner.query(`CREATE EXTENSION IF NOT EXISTS pg_trgm`);
    await runner.query(`CREATE EXTENSION IF NOT EXISTS unaccent`);
    await runner.query(`
      CREATE FUNCTION search_fold(text) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN lower(unaccent('unaccent'::regdictionary, $1))`);
    // array_to_string is STABLE (element output functions in general may be); of text[] it is not.
    await runner.query(`
      CREATE FUNCTION search_tags_text(text[]) RETURNS text
        LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
        RETURN array_to_string($1, ' ')`);
    await runner.query(`CREATE TEXT SEARCH DICTIONARY campus_words (TEMPLATE = pg_catalog.simple, STOPWORDS = english)`);
    await runner.query(`CREATE TEXT SEARCH CONFIGURATION campus_search (COPY = pg_catalog.simple)`);
    await runner.query(`
      ALTER TEXT SEARCH CONFIGURATION campus_search
        ALTER MAPPING FOR asciiword, asciihword, hword_asciipart, word, hword, hword_part, numword, numhword, hword_numpart
        WITH unaccent, campus_words`);

    await runner.query(`
      ALTER TABLE posts ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
        setweight(to_tsvector('campus_search', coalesce(search_tags_text(tags), '')), 'A')
        || setweight(to_tsvector('campus_search', coalesce(event_name, '')), 'B')
        || setweight(to_tsvector('campus_search', caption), 'C')
        || setweight(to_tsvector('campus_search', coalesce(event_place, '')), 'D')
      ) STORED`);
    await runner.query(`CREATE INDEX posts_search ON posts USING gin (search_vector)`);
    // Event posts alone (one post in twenty on the benchmark campus): the Events search reads these
    // instead of intersecting every post that matches with the upcoming events (68 ms to 13 ms for
    // a word on a sixth of all posts, at campus scale).
    await runner.query(`CREATE INDEX posts_event_search ON posts USING gin (search_vector) WHERE event_starts_at IS NOT NULL`);

    await runner.query(`ALTER TABLE users ADD COLUMN search_name text GENERATED ALWAYS AS (search_fold(display_name)) STORED`);
    await runner.query(`CREATE INDEX users_search_name ON users USING gin (search_name gin_trgm_ops)`);

    await runner.query(`
      CREATE TABLE search_tags (
        key          text PRIMARY KEY,
        name         text NOT NULL,
        post_count   integer NOT NULL DEFAULT 0 CHECK (post_count >= 0),
        last_used_at timestamptz(3) NOT NULL,
        search_key   text GENERATED ALWAYS AS (search_fold(key)) STORED
      )`);
    await runner.query(`CREATE INDEX search_tags_search_key ON search_tags USING gin (search_key gin_trgm_ops)`);
    // A post counts for its tags while anyone may see it by its state (posts/post-visibility.ts's
    // publicPostStateSql): its tags are added when it becomes so and taken back when it stops
    // (deleted, hidden for review, tags changed). Tags are taken in key order, so two posts
    // sharing tags lock their rows in the same order. A tag's name is its newest spelling.
    await runner.query(`
      CREATE FUNCTION count_search_tags() RETURNS trigger LANGUAGE plpgsql AS $$
      DECLARE
        old_keys text[] := '{}';
        new_keys text[] := '{}';
      BEGIN
        IF TG_OP <> 'INSERT' AND OLD.status = 'ready' AND NOT OLD.hidden_for_review THEN
          old_keys := post_tag_keys(OLD.tags);
        END IF;
        IF TG_OP <> 'DELETE' AND NEW.status = 'ready' AND NOT NEW.hidden_for_review THEN
          new_keys := post_tag_keys(NEW.tags);
        END IF;
        IF old_keys = new_keys THEN
          RETURN NULL;
        END IF;
        UPDATE search_tags t SET post_count = t.post_count - 1
         WHERE t.key IN (SELECT k FROM unnest(old_keys) k EXCEPT SELECT k FROM unnest(new_keys) k);
        INSERT INTO search_tags AS t (key, name, post_count, last_used_at)
          SELECT lower(tag), tag, 1, NEW.created_at FROM unnest(NEW.tags) tag
           WHERE lower(tag) = ANY (new_keys) AND NOT lower(tag) = ANY (old_keys)
           ORDER BY 1
          ON CONFLICT (key) DO UPDATE SET post_count = t.post_count + 1,
            name = CASE WHEN EXCLUDED.last_used_at >= t.last_used_at THEN EXCLUDED.name ELSE t.name END,
            last_used_at = greatest(t.last_used_at, EXCLUDED.last_used_at);
        RETURN NULL;
      END $$`);
    await runner.query(`
      CREATE TRIGGER posts_search_tags AFTER INSERT OR DELETE OR UPDATE OF tags, status, hidden_for_review ON posts
        FOR EACH ROW EXECUTE FUNCTION count_search_tags()`);
    await runner.query(`
      INSERT INTO search_tags (key, name, post_count, last_used_at)
      SELECT lower(t.tag), (array_agg(t.tag ORDER BY p.created_at DESC))[1], count(*), max(p.created_at)
        FROM posts p CROSS JOIN LATERAL unnest(p.tags) AS t (tag)
       WHERE p.status = 'ready' AND NOT p.hidden_for_review
       GROUP BY lower(t.tag)`);
  }

  async down(runner: QueryRunner): Promise<void> {
    await runner.query('DROP TRIGGER IF EXISTS posts_search_tags ON posts');
    await runner.query('DROP FUNCTION IF EXISTS count_search_tags()');
    await runner.query('DROP TABLE IF EXISTS search_tags');
    await runner.query('DROP INDEX IF EXISTS users_search_name');
    await runner.query('ALTER TABLE users DROP COLUMN IF EXISTS search_name');
    await runner.query('DROP INDEX IF EXISTS posts_event_search');
    await runner.query('DROP INDEX IF EXISTS posts_search');
    await runner.query('ALTER TABLE posts DROP COLUMN IF EXISTS search_vector');
    await runner.query('DROP TEXT SEARCH CONFIGURATION IF EXISTS campus_search');
    await runner.query('DROP TEXT SEARCH DICTIONARY IF EXISTS campus_words');
    await runner.query('DROP FUNCTION IF EXISTS search_tags_text(text[])');
    await runner.query('DROP FUNCTION IF EXISTS search_fold(text)');
    // The extensions stay: something else may use them, and they cost nothing unused.
  }
}
