import { defineScenarios } from '../../../test/support/scenarios';

/** Named data for the mentions service's tests. */
export const scenarios = defineScenarios({
  /** Ada writes; Maya and Sam can be mentioned; Ben blocked Ada; Ada's own post takes comments. */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const maya = await db.student('Maya Chen');
    const sam = await db.student('Sam Rivers');
    const ben = await db.student('Ben Blocker');
    await db.services.blocks.block(ben, ada.uid);
    const post = await db.post(ada, { caption: 'Robotics demo' });
    return { ada, maya, sam, ben, post };
  },
});
