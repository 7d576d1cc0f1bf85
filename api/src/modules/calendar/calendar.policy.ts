import { definePolicy } from '../../shared/policy';

/** A calendar is private: its owner alone reads it or changes a day of it. */
export const calendarPolicy = definePolicy({
  read: {
    message: 'You can only see your own calendar.',
    allow: (actor, calendar: { userUid: string }) => calendar.userUid === actor.uid,
  },
  write: {
    message: 'You can only change your own calendar.',
    allow: (actor, day: { userUid: string; date: string }) => day.userUid === actor.uid,
  },
});
