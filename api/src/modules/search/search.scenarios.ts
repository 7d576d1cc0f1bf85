import { defineScenarios, type ScenarioDb } from '../../../test/support/scenarios';
import { OrganizationCategory } from '../organizations';
import type { Post } from '../posts';

const DAY = 24 * 60;

/** Makes a post an event starting `hoursAhead` from now, two hours long, as createPost with `event` stores one. */
async function asEvent(db: ScenarioDb, post: Post, name: string, hoursAhead: number, place: string | null = null): Promise<void> {
  const start = new Date(Math.floor(Date.now() / 3_600_000) * 3_600_000 + hoursAhead * 3_600_000);
  const end = new Date(start.getTime() + 2 * 3_600_000);
  await db.dataSource.query(
    `UPDATE posts SET event_name = $2, event_date = $3, event_start_time = $4, event_end_time = $5, event_time_zone = 'UTC',
            event_starts_at = $6, event_ends_at = $7, event_place = $8 WHERE id = $1`,
    [
      post.id,
      name,
      start.toISOString().slice(0, 10),
      start.toISOString().slice(11, 16),
      end.toISOString().slice(11, 16),
      start,
      end,
      place,
    ],
  );
}

/** An organization as a row (its owner does not matter to search), of a campus and a status. */
async function organization(
  db: ScenarioDb,
  name: string,
  description: string,
  options: { campusId?: string | null; status?: 'active' | 'hidden' | 'suspended' } = {},
): Promise<string> {
  const slug = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
  const [row]: Array<{ id: string }> = await db.dataSource.query(
    `INSERT INTO organizations (slug, name, description, category, campus_id, status) VALUES ($1, $2, $3, 'arts', $4, $5) RETURNING id`,
    [slug, name, description, options.campusId ?? null, options.status ?? 'active'],
  );
  return row!.id;
}

/** Named data for the search service's tests. */
export const scenarios = defineScenarios({
  /**
   * A campus to rank: people whose names are near each other, clips that match by tag, caption or
   * prefix at chosen ages, and events. Reader only reads.
   */
  standard: async (db) => {
    const reader = await db.student('Reader Person');
    const maya = await db.student('Maya Chen');
    const mayaLonger = await db.student('Maya Chenoweth');
    const mayaOther = await db.student('Maya Rossi');
    const jonathan = await db.student('Jonathan Smith');
    const zoe = await db.student('Zoë Núñez');
    const amara = await db.student('Amara Okafor');
    const clips = {
      // Same age (an hour): a tag beats the same word in a caption; a whole word beats a prefix.
      taggedRobotics: await db.post(amara, { caption: 'Friday afternoon in the workshop', tags: ['Robotics'], minutesAgo: 60 }),
      captionRobotics: await db.post(jonathan, { caption: 'Our robotics club meets on Fridays', minutesAgo: 60 }),
      wordRobo: await db.post(maya, { caption: 'The robo dance is back', minutesAgo: 60 }),
      // Both words, and only one of them.
      roboticsFair: await db.post(zoe, { caption: 'Robotics fair in the main hall', minutesAgo: 120 }),
      onlyFair: await db.post(zoe, { caption: 'Spring fair tickets', minutesAgo: 120 }),
      // Accents and case.
      cafe: await db.post(zoe, { caption: 'Café crawl with the crew', minutesAgo: 30 }),
      goldenHour: await db.post(mayaOther, { caption: 'Sunset over the quad', tags: ['GoldenHour'], minutesAgo: 90 }),
      unrelated: await db.post(mayaOther, { caption: 'Finals week survival kit', minutesAgo: 10 }),
    };
    const fair = await db.post(amara, { caption: 'Come to the club fair', minutesAgo: 5 });
    const laterFair = await db.post(amara, { caption: 'Another club fair', minutesAgo: 5 });
    const endedFair = await db.post(amara, { caption: 'The club fair was great', minutesAgo: 5 });
    await asEvent(db, fair, 'Club fair', 3, 'Main hall');
    await asEvent(db, laterFair, 'Club fair', 24 * 20, 'Main hall');
    await asEvent(db, endedFair, 'Club fair', -30);
    return {
      reader,
      people: { maya, mayaLonger, mayaOther, jonathan, zoe, amara },
      clips,
      events: { fair: await db.services.posts.get(fair.id), laterFair: await db.services.posts.get(laterFair.id), endedFair },
    };
  },

  /**
   * Freshness against relevance: the same caption word today, and the same word as a tag (a better
   * match) 2 days, 3 weeks, 60 and 400 days ago.
   */
  ages: async (db) => {
    const reader = await db.student('Reader Person');
    const author = await db.student('Author Person');
    return {
      reader,
      captionToday: await db.post(author, { caption: 'hackathon tonight', minutesAgo: 10 }),
      tagTwoDays: await db.post(author, { caption: 'Weekend', tags: ['hackathon'], minutesAgo: 2 * DAY }),
      tagThreeWeeks: await db.post(author, { caption: 'Weekend', tags: ['hackathon'], minutesAgo: 21 * DAY }),
      captionSixtyDays: await db.post(author, { caption: 'hackathon prep', minutesAgo: 60 * DAY }),
      tagYearAgo: await db.post(author, { caption: 'Weekend', tags: ['hackathon'], minutesAgo: 400 * DAY }),
    };
  },

  /**
   * Who the reader may see. Every other student posts a clip with the word 'lantern', a tag of
   * their own and an event: one the reader blocked, one who blocked the reader, one the reader
   * muted, one suspended, and one in good standing; plus a clip hidden for review, one still
   * processing (the reader's and another's) and one deleted.
   */
  visibility: async (db) => {
    const reader = await db.student('Reader Person');
    const names = {
      blocked: 'Lantern Blocked',
      blocker: 'Lantern Blocker',
      muted: 'Lantern Muted',
      suspended: 'Lantern Suspended',
      visible: 'Lantern Visible',
    } as const;
    const people = {} as Record<keyof typeof names, Awaited<ReturnType<ScenarioDb['student']>>>;
    const clips = {} as Record<keyof typeof names, Post>;
    const events = {} as Record<keyof typeof names, Post>;
    for (const [key, name] of Object.entries(names) as Array<[keyof typeof names, string]>) {
      people[key] = await db.student(name);
      clips[key] = await db.post(people[key], { caption: `lantern walk by ${key}`, tags: [`lantern${key}`] });
      events[key] = await db.post(people[key], { caption: `lantern parade by ${key}` });
      await asEvent(db, events[key], `Lantern parade ${key}`, 5);
    }
    await db.services.blocks.block(reader, people.blocked.uid);
    await db.services.blocks.block(people.blocker, reader.uid);
    await db.services.blocks.mute(reader, people.muted.uid);
    await db.dataSource.query(`UPDATE users SET suspended_until = now() + interval '7 days' WHERE firebase_uid = $1`, [
      people.suspended.uid,
    ]);
    const hidden = await db.post(people.visible, { caption: 'lantern hidden', tags: ['lanternhidden'] });
    await db.dataSource.query('UPDATE posts SET hidden_for_review = true WHERE id = $1', [hidden.id]);
    const processing = await db.post(people.visible, { caption: 'lantern processing', tags: ['lanternprocessing'], processing: true });
    const ownProcessing = await db.post(reader, { caption: 'lantern mine processing', processing: true });
    const deleted = await db.post(people.visible, { caption: 'lantern deleted', tags: ['lanterndeleted'] });
    await db.services.posts.delete(people.visible, deleted.id);
    return { reader, people, clips, events, hidden, processing, ownProcessing, deleted };
  },

  /** 23 clips with the word 'marathon' over 23 days (some sharing an instant and a caption), to page through. */
  many: async (db) => {
    const reader = await db.student('Reader Person');
    const author = await db.student('Author Person');
    const posts: Post[] = [];
    for (let i = 0; i < 23; i++) {
      posts.push(await db.post(author, { caption: i % 3 === 0 ? 'marathon' : `marathon training day ${i}`, minutesAgo: (i % 12) * DAY }));
    }
    const runners: string[] = [];
    for (let i = 0; i < 13; i++) runners.push((await db.student(`Runner ${String.fromCharCode(65 + i)}son`)).uid);
    return { reader, author, posts, runners };
  },

  /**
   * Organizations to find: names near each other, one found only by its description, hidden and
   * suspended ones, two campuses (the reader's and another), and eleven to page through. The reader
   * owns one (made through the service), so their relation is read with the result.
   */
  organizations: async (db) => {
    const reader = await db.student('Reader Person');
    const moderator = await db.student('Moderator Person');
    await db.dataSource.query(`UPDATE users SET role = 'moderator' WHERE firebase_uid = $1`, [moderator.uid]);
    const [home, away]: Array<{ id: string }> = await db.dataSource.query(
      `INSERT INTO campuses (name, short_name) VALUES ('Home University', 'HOME'), ('Away College', 'AWAY') RETURNING id`,
    );
    await db.dataSource.query('UPDATE users SET campus_id = $2 WHERE firebase_uid = $1', [reader.uid, home!.id]);
    const owned = await db.services.organizations.create(reader, {
      name: 'Robotics Club',
      slug: 'robotics-club',
      description: 'We build robots for the spring fair',
      category: OrganizationCategory.ACADEMIC,
    });
    const ids = {
      chessClub: await organization(db, 'Chess Club', 'Weekly games'),
      chessJuniors: await organization(db, 'Chess Club Juniors', 'For first years'),
      chessKlub: await organization(db, 'Chess Klub', 'A misspelt rival'),
      boardGames: await organization(db, 'Board Games Guild', 'We play chess every Friday and run a chess club night'),
      astronomy: await organization(db, 'Astronomy Society', 'Night walks with telescopes on the roof'),
      chessHidden: await organization(db, 'Chess Club Hidden', 'Hidden by a moderator', { status: 'hidden' }),
      chessSuspended: await organization(db, 'Chess Club Suspended', 'Suspended by a moderator', { status: 'suspended' }),
      lanternHome: await organization(db, 'Lantern Makers Home', 'Paper lanterns', { campusId: home!.id }),
      lanternAway: await organization(db, 'Lantern Makers Away', 'Paper lanterns', { campusId: away!.id }),
    };
    const origami: string[] = [];
    for (let i = 0; i < 11; i++) origami.push(await organization(db, `Origami Circle ${String.fromCharCode(65 + i)}`, 'Folding paper'));
    return { reader, moderator, owned, ids, origami };
  },
});
