import { definePolicy } from '../../shared/policy';

/**
 * A calendar feed's secret address is its owner's alone: only they read it or make a new one.
 * (Adding an event to a calendar is the calendar's own 'write', calendar.policy.ts.)
 */
export const eventsPolicy = definePolicy({
  feed: {
    message: 'You can only manage your own calendar feed.',
    allow: (actor, feed: { userUid: string }) => feed.userUid === actor.uid,
  },
});
