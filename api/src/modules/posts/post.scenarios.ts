import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the posts service's tests. */
export const scenarios = defineScenarios({
  /** Two students; three posts of Ada's with tags, oldest to newest, Grace liking the middle one; an unused video of Ada's. */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const sunset = await db.post(ada, { caption: 'Sunset over the quad', tags: ['GoldenHour', 'campus'], minutesAgo: 30 });
    const lecture = await db.post(ada, { caption: 'First lecture', tags: ['campus'], minutesAgo: 20 });
    const library = await db.post(ada, { caption: 'Late night', tags: ['Library'], minutesAgo: 10 });
    await db.services.likes.like(grace, lecture.id);
    const unusedVideo = await db.upload(ada);
    return { ada, grace, sunset, lecture, library, unusedVideo };
  },
  /** Ada's post still processing (tagged #campus), one of hers ready; Grace follows her. */
  processing: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    await db.services.follows.follow(grace, ada.uid);
    const ready = await db.post(ada, { caption: 'Ready', tags: ['campus'], minutesAgo: 10 });
    const pending = await db.post(ada, { caption: 'Still processing', tags: ['campus'], processing: true });
    return { ada, grace, ready, pending };
  },
  /** One student who has posted nothing, with a finished video upload ready to post. */
  emptyCampus: async (db) => {
    const ada = await db.student('Ada Lovelace');
    return { ada, video: await db.upload(ada) };
  },
});
