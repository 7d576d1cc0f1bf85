import { defineScenarios, type ScenarioDb, type ScenarioStudent } from '../../../test/support/scenarios';
import { OrganizationCategory, OrganizationJoinMode } from './organization.enums';

/** An event day ahead (events cannot start in the past), as the form sends it. */
export function eventIn(days: number, name = 'Club night') {
  const date = new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
  return { name, date, startTime: '19:00', timeZone: 'UTC' };
}

async function club(db: ScenarioDb, owner: ScenarioStudent, slug: string, joinMode = OrganizationJoinMode.OPEN) {
  return db.services.organizations.create(owner, {
    name: slug.replace(/-/g, ' '),
    slug,
    description: `All about ${slug}`,
    category: OrganizationCategory.ARTS,
    joinMode,
  });
}

/** Named data for the organizations service's tests. */
export const scenarios = defineScenarios({
  /**
   * The Chess Club (open): Ada owns it, Grace is an officer, Linus a member; Mia belongs to nothing.
   * The Film Society (by request): Ada owns it; Mia has asked to join.
   */
  standard: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const linus = await db.student('Linus Torvalds');
    const mia = await db.student('Mia Member');
    const chess = await club(db, ada, 'chess-club');
    await db.services.organizations.join(grace, chess.id);
    await db.services.organizations.join(linus, chess.id);
    await db.services.organizations.setOfficer(ada, chess.id, grace.uid, true);
    const film = await club(db, ada, 'film-society', OrganizationJoinMode.REQUEST);
    await db.services.organizations.join(mia, film.id);
    return { ada, grace, linus, mia, chess, film };
  },
  /** A club with its owner and 13 members who joined a minute apart (pages of 4: officers first, no gaps). */
  crowd: async (db) => {
    const owner = await db.student('Olive Owner');
    const chess = await club(db, owner, 'big-chess-club');
    const members: ScenarioStudent[] = [];
    for (let index = 0; index < 13; index++) {
      const member = await db.student(`Member ${String(index).padStart(2, '0')}`);
      await db.services.organizations.join(member, chess.id);
      members.push(member);
    }
    // Two of the later joiners are officers: they come right after the owner.
    await db.services.organizations.setOfficer(owner, chess.id, members[9]!.uid, true);
    await db.services.organizations.setOfficer(owner, chess.id, members[4]!.uid, true);
    return { owner, chess, members };
  },
  /**
   * The Chess Club's posts as the club: Grace (officer) posts three and one event; Bo, a member
   * who blocked Vera, posts one as an officer; Sue (officer) is suspended; one post is hidden for
   * review; Vera follows the club and muted Mo (an officer). Quinn follows nobody and belongs to nothing.
   */
  posts: async (db) => {
    const ada = await db.student('Ada Lovelace');
    const grace = await db.student('Grace Hopper');
    const vera = await db.student('Vera Viewer');
    const bo = await db.student('Bo Blocker');
    const sue = await db.student('Sue Suspended');
    const mo = await db.student('Mo Muted');
    const quinn = await db.student('Quinn Quiet');
    const chess = await club(db, ada, 'chess-club');
    for (const officer of [grace, bo, sue, mo]) {
      await db.services.organizations.join(officer, chess.id);
      await db.services.organizations.setOfficer(ada, chess.id, officer.uid, true);
    }
    const as = { organizationId: chess.id };
    const first = await db.post(grace, { ...as, caption: 'Opening night', minutesAgo: 50 });
    const second = await db.post(grace, { ...as, caption: 'Puzzle of the week', minutesAgo: 40 });
    const event = await db.post(grace, { ...as, caption: 'Tournament', minutesAgo: 35, event: eventIn(3, 'Spring tournament') });
    const byBlocker = await db.post(bo, { ...as, caption: 'From Bo', minutesAgo: 30 });
    const bySuspended = await db.post(sue, { ...as, caption: 'From Sue', minutesAgo: 25 });
    const byMuted = await db.post(mo, { ...as, caption: 'From Mo', minutesAgo: 20 });
    const hidden = await db.post(grace, { ...as, caption: 'Reported', minutesAgo: 15 });
    const third = await db.post(grace, { ...as, caption: 'Results', minutesAgo: 10 });
    const personal = await db.post(grace, { caption: "Grace's own", minutesAgo: 5 });
    await db.services.organizations.follow(vera, chess.id);
    await db.services.blocks.block(bo, vera.uid);
    await db.services.blocks.mute(vera, mo.uid);
    await db.dataSource.query(`UPDATE users SET suspended_until = now() + interval '1 day' WHERE firebase_uid = $1`, [sue.uid]);
    await db.dataSource.query('UPDATE posts SET hidden_for_review = true WHERE id = $1', [hidden.id]);
    return { ada, grace, vera, bo, sue, mo, quinn, chess, first, second, event, byBlocker, bySuspended, byMuted, hidden, third, personal };
  },
});
