import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../shared/viewer';
import { withConstraintMessages } from '../../infra/db/errors';
import { authorize } from '../../shared/policy';
import { FieldProblems, checkCalendarDate, checkDate, checkEventName } from '../../shared/validation';
import { CalendarEvent } from './calendar-event.entity';
import { calendarPolicy } from './calendar.policy';

/** One day of someone's calendar. */
export interface CalendarDay {
  userUid: string;
  date: string;
}

/**
 * A private, one-event-a-day calendar. Only its owner ever reads or writes it (calendar.policy.ts);
 * `userUid` names whose: the caller's through GraphQL, the one a REST request names.
 */
export class CalendarService {
  private readonly events: Repository<CalendarEvent>;

  constructor(db: DataSource) {
    this.events = db.getRepository(CalendarEvent);
  }

  async list(viewer: Viewer, userUid: string): Promise<CalendarEvent[]> {
    authorize(calendarPolicy, viewer, 'read', { userUid });
    return this.events.find({ where: { userUid }, order: { date: 'ASC' } });
  }

  /**
   * Saves the day's event, replacing the one already there (a plain entry: a link to an event post
   * goes). The day is bounded (1900 to ten years ahead); deleting takes any real date, so an entry
   * saved before the bound existed can still be removed.
   */
  async save(viewer: Viewer, day: CalendarDay, name: string): Promise<CalendarEvent> {
    authorize(calendarPolicy, viewer, 'write', day);
    const { userUid, date } = day;
    const problems = new FieldProblems();
    checkCalendarDate(problems, date);
    const clean = checkEventName(problems, name);
    problems.throwIfAny();
    // One transaction: the row read back is the one just written, even if the same day is being
    // deleted at that moment (from another tab); read apart, that delete could slip in between.
    return withConstraintMessages(() =>
      this.events.manager.transaction(async (manager) => {
        await manager.upsert(CalendarEvent, { userUid, date, name: clean, postId: null }, { conflictPaths: ['userUid', 'date'] });
        return manager.findOneByOrFail(CalendarEvent, { userUid, date });
      }),
    );
  }

  /** True when there was an event that day to delete. */
  async delete(viewer: Viewer, day: CalendarDay): Promise<boolean> {
    authorize(calendarPolicy, viewer, 'write', day);
    const { userUid, date } = day;
    const problems = new FieldProblems();
    checkDate(problems, date);
    problems.throwIfAny();
    const result = await this.events.delete({ userUid, date });
    return (result.affected ?? 0) > 0;
  }
}
