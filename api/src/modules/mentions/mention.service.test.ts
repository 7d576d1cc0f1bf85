import { useScenarios } from '../../../test/support/scenarios';
import { MentionService } from './mention.service';
import { scenarios } from './mention.scenarios';

const { scenario } = useScenarios(scenarios);

/** As services.ts builds it (posts and comments hold it; it is not a service of its own in the api's list). */
const mentionsOf = (db: { services: { users: ConstructorParameters<typeof MentionService>[0] } }) => new MentionService(db.services.users);

describe('MentionService', () => {
  scenario("place: the people named by id whose '@Name' is in the text, where it is", async ({ ada, maya, sam }, db) => {
    const text = 'With @Maya Chen and @Sam Rivers!';
    expect(await mentionsOf(db).place(ada, [sam.uid, maya.uid], text)).toEqual([
      { uid: maya.uid, start: 5, length: 10 },
      { uid: sam.uid, start: 20, length: 11 },
    ]);
  });

  scenario(
    'place leaves out, silently, oneself, the unknown, anyone blocked either way and a name not in the text',
    async ({ ada, ben, maya, sam }, db) => {
      const text = '@Ada Lovelace @Ben Blocker @Maya Chen';
      expect(await mentionsOf(db).place(ada, [ada.uid, ben.uid, 'nobody-here', sam.uid, maya.uid], text)).toEqual([
        { uid: maya.uid, start: 27, length: 10 },
      ]);
      // The blocker cannot mention the one they blocked either.
      expect(await mentionsOf(db).place(ben, [ada.uid], '@Ada Lovelace')).toEqual([]);
    },
  );

  scenario('a comment stores its mentions and tells the person mentioned; nobody else is told', async ({ ada, maya, sam, post }, db) => {
    const comment = await db.services.comments.add(sam, post.id, 'Look @Maya Chen', [maya.uid]);
    expect(comment.mentions).toEqual([{ uid: maya.uid, start: 5, length: 10 }]);
    const told: Array<{ recipient_uid: string; kind: string }> = await db.dataSource.query(
      `SELECT recipient_uid, kind FROM notifications WHERE comment_id = $1 ORDER BY kind`,
      [comment.id],
    );
    // Ada hears of the comment on her post; Maya of the mention.
    expect(told).toEqual([
      { recipient_uid: ada.uid, kind: 'comment' },
      { recipient_uid: maya.uid, kind: 'mention' },
    ]);
  });
});
