import { useScenarios, type ScenarioDb } from '../../../test/support/scenarios';
import type { Viewer } from '../../shared/viewer';
import { CampusScope } from '../campuses';
import { Organization, OrganizationRole } from '../organizations';
import type { Post } from '../posts';
import type { User } from '../users';
import { encodeSearchCursor } from './search-cursor';
import type { SearchPage } from './search.service';
import { SearchType, Tag } from './search.types';
import { scenarios } from './search.scenarios';

const { scenario, describeScenario } = useScenarios(scenarios);

/** The ids of a page's results: a post's or an organization's id, a person's uid, a tag's name. */
function ids(page: SearchPage): string[] {
  return page.hits.map(({ node }) => (node instanceof Tag ? node.name : (node as Post | User | Organization).id));
}

/** Every result of a list, page by page through its cursors. */
async function walk(
  db: ScenarioDb,
  viewer: Viewer | null,
  q: string,
  type: SearchType,
  size: number,
  scope: CampusScope = CampusScope.ALL,
): Promise<string[][]> {
  const pages: string[][] = [];
  let after: string | null = null;
  for (;;) {
    const page: SearchPage = await db.services.search.search(viewer, q, type, size, after, scope);
    pages.push(ids(page));
    if (!page.hasNextPage) return pages;
    after = encodeSearchCursor(page.hits.at(-1)!.position);
    if (pages.length > 50) throw new Error('paging does not end');
  }
}

describe('SearchService', () => {
  describeScenario('standard', 'relevance', (getScenario, db) => {
    const search = (q: string, type: SearchType, viewer: Viewer | null = getScenario().reader) =>
      db().services.search.search(viewer, q, type, 10, null);

    it('people: the exact name first, then names with a word starting so, then the merely similar', async () => {
      const { people } = getScenario();
      expect(ids(await search('Maya Chen', SearchType.PEOPLE))).toEqual([people.maya.uid, people.mayaLonger.uid, people.mayaOther.uid]);
      // A first name alone: everyone it starts a word of, the closest whole name first.
      expect(
        ids(await search('maya', SearchType.PEOPLE))
          .slice(0, 3)
          .sort(),
      ).toEqual([people.maya.uid, people.mayaLonger.uid, people.mayaOther.uid].sort());
      expect(ids(await search('chenow', SearchType.PEOPLE))[0]).toBe(people.mayaLonger.uid);
    });

    it('people: typos forgiven, whole name or one word', async () => {
      const { people } = getScenario();
      expect(ids(await search('Jonathon Smiht', SearchType.PEOPLE))[0]).toBe(people.jonathan.uid);
      expect(ids(await search('okafr', SearchType.PEOPLE))).toEqual([people.amara.uid]);
      expect(ids(await search('Maya Chem', SearchType.PEOPLE))[0]).toBe(people.maya.uid);
    });

    it('accents and case are ignored both ways', async () => {
      const { people, clips } = getScenario();
      expect(ids(await search('zoe nunez', SearchType.PEOPLE))).toEqual([people.zoe.uid]);
      expect(ids(await search('ZOË', SearchType.PEOPLE))).toEqual([people.zoe.uid]);
      expect(ids(await search('cafe', SearchType.CLIPS))).toEqual([clips.cafe.id]);
      expect(ids(await search('CAFÉ CRAWL', SearchType.CLIPS))).toEqual([clips.cafe.id]);
    });

    it('clips: a tag beats the same word in a caption; a whole word beats a prefix of a longer one', async () => {
      const { clips } = getScenario();
      // Same age: the tag, then the caption; then the same caption word two hours old, fairly ranked with them.
      expect(ids(await search('robotics', SearchType.CLIPS))).toEqual([
        clips.taggedRobotics.id,
        clips.captionRobotics.id,
        clips.roboticsFair.id,
      ]);
      // 'robo' is a whole word of one caption and the start of 'robotics' in the others: among
      // captions of the same age the whole word comes first; the tag, even as a prefix, above both.
      expect(ids(await search('robo', SearchType.CLIPS))).toEqual([
        clips.taggedRobotics.id,
        clips.wordRobo.id,
        clips.captionRobotics.id,
        clips.roboticsFair.id,
      ]);
    });

    it('clips: two words find the clips with both; a hashtag is its word', async () => {
      const { clips } = getScenario();
      expect(ids(await search('robotics fair', SearchType.CLIPS))).toEqual([clips.roboticsFair.id]);
      expect(ids(await search('#GoldenHour', SearchType.CLIPS))).toEqual([clips.goldenHour.id]);
      expect(ids(await search('@robotics!', SearchType.CLIPS))[0]).toBe(clips.taggedRobotics.id);
    });

    it('tags: exact, then prefix, then similar; words run together; only tags with clips', async () => {
      expect(ids(await search('robotics', SearchType.TAGS))).toEqual(['Robotics']);
      expect(ids(await search('rob', SearchType.TAGS))).toEqual(['Robotics']);
      expect(ids(await search('golden hour', SearchType.TAGS))).toEqual(['GoldenHour']);
      expect(ids(await search('goldenhuor', SearchType.TAGS))).toEqual(['GoldenHour']);
      const [tag] = (await search('robotics', SearchType.TAGS)).hits;
      expect(tag!.node).toEqual(Object.assign(new Tag(), { name: 'Robotics', postCount: 1 }));
    });

    it('events: only those not yet ended, the sooner of two equal matches first', async () => {
      const { events } = getScenario();
      expect(ids(await search('club fair', SearchType.EVENTS))).toEqual([events.fair.id, events.laterFair.id]);
      expect(ids(await search('main hall', SearchType.EVENTS))).toEqual([events.fair.id, events.laterFair.id]);
      // Clips list every post, the ended event's too.
      expect(ids(await search('club fair', SearchType.CLIPS))).toEqual(expect.arrayContaining([events.endedFair.id]));
    });

    it('top: the best people, tags and events above the clips, each edge marked with its list', async () => {
      const { people, clips, events } = getScenario();
      const top = await search('fair', SearchType.TOP);
      expect(top.hits.filter((hit) => hit.kind === SearchType.EVENTS).map((hit) => (hit.node as Post).id)).toEqual([
        events.fair.id,
        events.laterFair.id,
      ]);
      expect(top.hits.filter((hit) => hit.kind === SearchType.CLIPS).map((hit) => (hit.node as Post).id)).toEqual(
        expect.arrayContaining([clips.roboticsFair.id, clips.onlyFair.id, events.endedFair.id]),
      );
      const robotics = await search('robotics', SearchType.TOP);
      expect(robotics.hits.map((hit) => hit.kind)).toEqual(['TAGS', 'CLIPS', 'CLIPS', 'CLIPS']);
      expect((await search('maya', SearchType.TOP)).hits.filter((hit) => hit.kind === 'PEOPLE')).toHaveLength(3);
      expect(ids(await search('Zoë', SearchType.TOP))).toEqual([people.zoe.uid]);
    });

    it('suggestions: the best few people, then tags', async () => {
      const { people } = getScenario();
      const suggested = await db().services.search.suggestions(getScenario().reader, 'ro', 5);
      expect(ids(suggested)).toEqual(expect.arrayContaining(['Robotics']));
      expect(ids(await db().services.search.suggestions(null, 'okafor', 5))).toEqual([people.amara.uid]);
    });

    it('a blank search, or one of punctuation, finds nothing; over 100 characters is refused in words', async () => {
      for (const q of ['', '   ', '!!! ???']) expect((await search(q, SearchType.TOP)).hits).toEqual([]);
      await expect(search('x'.repeat(101), SearchType.TOP)).rejects.toMatchObject({
        message: 'A search must be at most 100 characters',
        fields: { q: 'A search must be at most 100 characters' },
      });
      expect((await search(` ${'robotics '.repeat(11)}`.slice(0, 100), SearchType.CLIPS)).hits.length).toBeGreaterThan(0);
    });

    it("refuses a cursor of another list, or not one at all, in the list's words", async () => {
      const page = await search('maya', SearchType.PEOPLE);
      const cursor = encodeSearchCursor(page.hits[0]!.position);
      const refusal = { fields: { after: 'This page link is not valid. Please search again.' } };
      await expect(db().services.search.search(null, 'maya', SearchType.CLIPS, 2, cursor)).rejects.toMatchObject(refusal);
      await expect(db().services.search.search(null, 'maya', SearchType.PEOPLE, 2, 'bm9wZQ')).rejects.toMatchObject(refusal);
    });
  });

  describeScenario('ages', 'freshness, up to a point', (getScenario, db) => {
    it('a caption match of today beats a tag match three weeks old, not one two days old; past four weeks only relevance counts', async () => {
      const { reader, captionToday, tagTwoDays, tagThreeWeeks, captionSixtyDays, tagYearAgo } = getScenario();
      expect(ids(await db().services.search.search(reader, 'hackathon', SearchType.CLIPS, 10, null))).toEqual([
        tagTwoDays.id,
        captionToday.id,
        tagThreeWeeks.id,
        // Both past the cap: the tag of a year ago beats the caption of two months ago.
        tagYearAgo.id,
        captionSixtyDays.id,
      ]);
    });
  });

  describeScenario('visibility', 'what the reader may see', (getScenario, db) => {
    const search = (viewer: Viewer | null, q: string, type: SearchType) => db().services.search.search(viewer, q, type, 50, null);

    it('clips: not of anyone blocked either way, muted or suspended; nothing hidden for review, processing or deleted', async () => {
      const { reader, clips, events, ownProcessing } = getScenario();
      const found = ids(await search(reader, 'lantern', SearchType.CLIPS));
      // The reader's own processing clip is theirs to see, as in their feeds.
      expect(found.sort()).toEqual([clips.visible.id, events.visible.id, ownProcessing.id].sort());
    });

    it('a signed-out visitor: everyone in good standing, nothing hidden or processing', async () => {
      const { clips, events } = getScenario();
      const found = ids(await search(null, 'lantern', SearchType.CLIPS));
      expect(found.sort()).toEqual(
        [
          clips.blocked.id,
          clips.blocker.id,
          clips.muted.id,
          clips.visible.id,
          events.blocked.id,
          events.blocker.id,
          events.muted.id,
          events.visible.id,
        ].sort(),
      );
    });

    it("the author sees their own hidden and processing clips; the blocker doesn't see the reader's", async () => {
      const { people, hidden, processing, ownProcessing } = getScenario();
      expect(ids(await search(people.visible, 'lantern hidden', SearchType.CLIPS))).toEqual([hidden.id]);
      expect(ids(await search(people.visible, 'lantern processing', SearchType.CLIPS))).toEqual([processing.id]);
      expect(ids(await search(people.blocker, 'lantern mine processing', SearchType.CLIPS))).toEqual([]);
      expect(ids(await search(people.visible, 'lantern mine processing', SearchType.CLIPS))).toEqual([]);
      expect(ownProcessing.status).toBe('processing');
    });

    it('events: the same rule', async () => {
      const { reader, events } = getScenario();
      expect(ids(await search(reader, 'lantern parade', SearchType.EVENTS))).toEqual([events.visible.id]);
      expect(ids(await search(null, 'lantern parade', SearchType.EVENTS)).sort()).toEqual(
        [events.blocked.id, events.blocker.id, events.muted.id, events.visible.id].sort(),
      );
    });

    it('people: not blocked either way nor suspended; someone muted is still found', async () => {
      const { reader, people } = getScenario();
      expect(ids(await search(reader, 'lantern', SearchType.PEOPLE)).sort()).toEqual([people.muted.uid, people.visible.uid].sort());
      expect(ids(await search(null, 'lantern', SearchType.PEOPLE)).sort()).toEqual(
        [people.blocked.uid, people.blocker.uid, people.muted.uid, people.visible.uid].sort(),
      );
    });

    it("tags: only those on a clip the reader may see; a deleted clip's tag goes with it", async () => {
      const { reader, people } = getScenario();
      expect(ids(await search(reader, 'lantern', SearchType.TAGS)).sort()).toEqual(['lanternvisible']);
      expect(ids(await search(null, 'lantern', SearchType.TAGS)).sort()).toEqual([
        'lanternblocked',
        'lanternblocker',
        'lanternmuted',
        'lanternvisible',
      ]);
      // Nobody, the author included, is offered the tag of a clip hidden, processing or deleted: a tag is public.
      expect(ids(await search(people.visible, 'lantern', SearchType.TAGS)).sort()).toEqual([
        'lanternblocked',
        'lanternblocker',
        'lanternmuted',
        'lanternvisible',
      ]);
      const counted = await db().dataSource.query(`SELECT key, post_count FROM search_tags WHERE key LIKE 'lantern%' ORDER BY key`);
      expect(counted).toEqual([
        { key: 'lanternblocked', post_count: 1 },
        { key: 'lanternblocker', post_count: 1 },
        { key: 'lanterndeleted', post_count: 0 },
        { key: 'lanternhidden', post_count: 0 },
        { key: 'lanternmuted', post_count: 1 },
        { key: 'lanternsuspended', post_count: 1 },
        { key: 'lanternvisible', post_count: 1 },
      ]);
    });

    it('suggestions and top: the same rules', async () => {
      const { reader, people, clips, events, ownProcessing } = getScenario();
      expect(ids(await db().services.search.suggestions(reader, 'lantern', 5)).sort()).toEqual(
        [people.muted.uid, people.visible.uid, 'lanternvisible'].sort(),
      );
      expect(ids(await search(reader, 'lantern', SearchType.TOP)).sort()).toEqual(
        [
          people.muted.uid,
          people.visible.uid,
          'lanternvisible',
          events.visible.id,
          clips.visible.id,
          events.visible.id,
          ownProcessing.id,
        ].sort(),
      );
    });
  });

  scenario(
    'visibility',
    'a suspension lifted, a block undone, a hidden clip restored: found again',
    async ({ reader, people, clips, hidden }, db) => {
      await db.dataSource.query(`UPDATE users SET suspended_until = NULL WHERE firebase_uid = $1`, [people.suspended.uid]);
      await db.services.blocks.unblock(reader, people.blocked.uid);
      await db.dataSource.query('UPDATE posts SET hidden_for_review = false WHERE id = $1', [hidden.id]);
      const found = ids(await db.services.search.search(reader, 'lantern walk', SearchType.CLIPS, 50, null));
      expect(found.sort()).toEqual([clips.blocked.id, clips.suspended.id, clips.visible.id].sort());
      expect(ids(await db.services.search.search(reader, 'lantern hidden', SearchType.CLIPS, 50, null))).toEqual([hidden.id]);
      expect(ids(await db.services.search.search(reader, 'lanternhidden', SearchType.TAGS, 50, null))[0]).toBe('lanternhidden');
    },
  );

  describeScenario('many', 'paging', (getScenario, db) => {
    it('clips: pages of any size add up to the whole list, in order, without gaps or repeats', async () => {
      const { reader, posts } = getScenario();
      const whole = (await walk(db(), reader, 'marathon', SearchType.CLIPS, 50)).flat();
      expect(whole.slice().sort()).toEqual(posts.map((post) => post.id).sort());
      for (const size of [1, 4, 7]) {
        const pages = await walk(db(), reader, 'marathon', SearchType.CLIPS, size);
        expect(pages.flat()).toEqual(whole);
        expect(pages.slice(0, -1).every((page) => page.length === size)).toBe(true);
      }
    });

    it('top: its next pages continue the clips', async () => {
      const { reader } = getScenario();
      const whole = (await walk(db(), reader, 'marathon', SearchType.CLIPS, 50)).flat();
      const pages = await walk(db(), reader, 'marathon', SearchType.TOP, 5);
      expect(pages.flat()).toEqual(whole);
    });

    it('people and tags page the same way', async () => {
      const { reader, runners } = getScenario();
      const people = await walk(db(), reader, 'runner', SearchType.PEOPLE, 3);
      expect(people.flat().sort()).toEqual(runners.slice().sort());
      expect(people.flat()).toEqual((await walk(db(), reader, 'runner', SearchType.PEOPLE, 50)).flat());
    });
  });

  scenario('many', 'a clip posted while the student scrolls neither repeats nor pushes one out', async ({ reader, author }, db) => {
    const first = await db.services.search.search(reader, 'marathon', SearchType.CLIPS, 5, null);
    const whole = (await walk(db, reader, 'marathon', SearchType.CLIPS, 50)).flat();
    await db.post(author, { caption: 'marathon marathon marathon' });
    const rest = (await walk(db, reader, 'marathon', SearchType.CLIPS, 5)).flat();
    expect(rest[0]).not.toBe(whole[0]);
    // The pages after the first, ranked as at the first page's instant.
    let after: string | null = encodeSearchCursor(first.hits.at(-1)!.position);
    const seen = ids(first);
    while (after) {
      const page: SearchPage = await db.services.search.search(reader, 'marathon', SearchType.CLIPS, 5, after);
      seen.push(...ids(page));
      after = page.hasNextPage ? encodeSearchCursor(page.hits.at(-1)!.position) : null;
    }
    expect(seen).toEqual(whole);
  });

  describeScenario('organizations', 'organizations', (getScenario, db) => {
    const organizations = (q: string, viewer: Viewer | null = getScenario().reader, scope = CampusScope.ALL) =>
      db().services.search.search(viewer, q, SearchType.ORGANIZATIONS, 20, null, scope);

    it('the exact name first, then names with a word starting so, then the similar, then description matches', async () => {
      const { ids: o } = getScenario();
      expect(ids(await organizations('Chess Club'))).toEqual([o.chessClub, o.chessJuniors, o.chessKlub, o.boardGames]);
    });

    it("a name's typo is forgiven; a word of the description finds it; accents and case do not matter", async () => {
      const { ids: o, owned } = getScenario();
      expect(ids(await organizations('robtics'))).toEqual([owned.id]);
      expect(ids(await organizations('TÉLESCOPES'))).toEqual([o.astronomy]);
      expect(ids(await organizations('telesc'))).toEqual([o.astronomy]);
    });

    it("a result is the organization with the reader's relation to it, edges marked ORGANIZATIONS", async () => {
      const { owned, reader } = getScenario();
      const page = await organizations('robotics club');
      expect(page.hits[0]!.kind).toBe(SearchType.ORGANIZATIONS);
      expect(page.hits[0]!.node).toBeInstanceOf(Organization);
      expect(page.hits[0]!.node).toMatchObject({ id: owned.id, viewerRole: OrganizationRole.OWNER, readFor: reader.uid, memberCount: 1 });
      expect(page.organizations.map((organization) => organization.id)).toEqual([owned.id]);
    });

    it('hidden and suspended organizations are never found, not by a moderator nor signed out', async () => {
      const { ids: o, moderator } = getScenario();
      for (const viewer of [getScenario().reader, { ...moderator, role: 'moderator' as const }, null]) {
        const found = ids(await organizations('chess club', viewer));
        expect(found).toContain(o.chessClub);
        expect(found).not.toContain(o.chessHidden);
        expect(found).not.toContain(o.chessSuspended);
      }
      const top = await db().services.search.search(null, 'suspended', SearchType.TOP, 10, null);
      expect(top.hits.filter((hit) => hit.kind === SearchType.ORGANIZATIONS)).toEqual([]);
    });

    it("the campus switch: MINE, the reader's campus only (everyone's signed out); ALL, every campus", async () => {
      const { ids: o, reader } = getScenario();
      expect(ids(await organizations('lantern makers', reader, CampusScope.MINE))).toEqual([o.lanternHome]);
      expect(ids(await organizations('lantern makers', reader, CampusScope.ALL)).sort()).toEqual([o.lanternHome, o.lanternAway].sort());
      expect(ids(await organizations('lantern makers', null, CampusScope.MINE)).sort()).toEqual([o.lanternHome, o.lanternAway].sort());
    });

    it('pages of any size add up to the whole list, in order, without gaps or repeats', async () => {
      const { reader, origami } = getScenario();
      const pages = await walk(db(), reader, 'origami', SearchType.ORGANIZATIONS, 3);
      expect(pages.length).toBe(4);
      expect(pages.flat().sort()).toEqual(origami.slice().sort());
      expect(pages.flat()).toEqual((await walk(db(), reader, 'origami', SearchType.ORGANIZATIONS, 50)).flat());
      expect(new Set(pages.flat()).size).toBe(origami.length);
    });

    it('top: a few organizations after the people; suggestions: organizations after people and tags', async () => {
      const { ids: o } = getScenario();
      const top = await db().services.search.search(getScenario().reader, 'chess club', SearchType.TOP, 10, null);
      expect(ids({ ...top, hits: top.hits.filter((hit) => hit.kind === SearchType.ORGANIZATIONS) })).toEqual([
        o.chessClub,
        o.chessJuniors,
        o.chessKlub,
      ]);
      const suggestions = await db().services.search.suggestions(getScenario().reader, 'chess', 10);
      const kinds = suggestions.hits.map((hit) => hit.kind);
      expect(kinds.filter((kind) => kind === SearchType.ORGANIZATIONS)).toHaveLength(4);
      expect(kinds.lastIndexOf(SearchType.PEOPLE)).toBeLessThan(kinds.indexOf(SearchType.ORGANIZATIONS));
      expect(kinds.lastIndexOf(SearchType.TAGS)).toBeLessThan(kinds.indexOf(SearchType.ORGANIZATIONS));
    });
  });
});
