import { definePolicy } from '../../shared/policy';

/**
 * Notifications are their recipient's own: only they read them, mark them read and choose which
 * kinds they get. Nobody is notified of their own act (the SQL that writes them says so again).
 */
export const notificationPolicy = definePolicy({
  readOwn: {
    message: 'These notifications are not yours.',
    allow: (actor, recipientUid: string) => actor.uid === recipientUid,
  },
  notify: {
    message: 'Nobody is notified of their own actions.',
    allow: (actor, recipientUid: string) => actor.uid !== recipientUid,
  },
});
