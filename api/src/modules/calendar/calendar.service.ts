import type { DataSource, Repository } from 'typeorm';
import type { Viewer } from '../../auth/viewer';
import { withConstraintMessages } from '../../db/errors';
import { requireViewer } from '../../shared/policies';
import { FieldProblems, checkDate, checkEventName } from '../../shared/validation';
import { CalendarEvent } from './calendar-event.entity';

/** A private, one-event-a-day calendar. Only its owner ever reads or writes it. */
export class CalendarService {
  private readonly events: Repository<CalendarEvent>;

  constructor(db: DataSource) {
    this.events = db.getRepository(CalendarEvent);
  }

  async list(viewerOrNull: Viewer | null): Promise<CalendarEvent[]> {
    const viewer = requireViewer(viewerOrNull);
    return this.events.find({ where: { userUid: viewer.uid }, order: { date: 'ASC' } });
  }

  /** Saves the day's event, replacing the one already there. */
  async save(viewerOrNull: Viewer | null, date: string, name: string): Promise<CalendarEvent> {
    const viewer = requireViewer(viewerOrNull);
    const problems = new FieldProblems();
    checkDate(problems, date);
    const clean = checkEventName(problems, name);
    problems.throwIfAny();
    // One transaction: the row read back is the one just written, even if the same day is being
    // deleted at that moment (from another tab); read apart, that delete could slip in between.
    return withConstraintMessages(() =>
      this.events.manager.transaction(async (manager) => {
        await manager.upsert(CalendarEvent, { userUid: viewer.uid, date, name: clean }, { conflictPaths: ['userUid', 'date'] });
        return manager.findOneByOrFail(CalendarEvent, { userUid: viewer.uid, date });
      }),
    );
  }

  /** True when there was an event that day to delete. */
  async delete(viewerOrNull: Viewer | null, date: string): Promise<boolean> {
    const viewer = requireViewer(viewerOrNull);
    const problems = new FieldProblems();
    checkDate(problems, date);
    problems.throwIfAny();
    const result = await this.events.delete({ userUid: viewer.uid, date });
    return (result.affected ?? 0) > 0;
  }
}
