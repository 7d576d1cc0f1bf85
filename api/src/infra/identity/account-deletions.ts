import type { AppPubSub } from '../pubsub/pubsub';
import type { TokenVerifier } from './token-verifier';

const ACCOUNT_DELETED = 'ACCOUNT_DELETED';

/**
 * Every instance keeps a short cache of verified tokens. When an account is deleted through one
 * instance, all of them must drop its tokens at once, or another instance would still accept the
 * deleted student for up to a minute (and a sign-in sync there would bring the profile back).
 * The news travels on the same PubSub as live comments (Redis when there are several instances);
 * `onDeleted` hears it on every instance, the announcing one too (app.ts closes its live channels).
 */
export function shareAccountDeletions(pubsub: AppPubSub, verifier: TokenVerifier, onDeleted: (uid: string) => void = () => undefined) {
  const iterator = pubsub.subscribe(ACCOUNT_DELETED)[Symbol.asyncIterator]();
  const listening = (async () => {
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) {
      const uid = (next.value as { uid?: unknown } | undefined)?.uid;
      if (typeof uid === 'string') {
        verifier.forgetUser(uid);
        onDeleted(uid);
      }
    }
  })().catch(() => undefined);

  return {
    announce(uid: string): void {
      verifier.forgetUser(uid);
      pubsub.publish(ACCOUNT_DELETED, { uid });
    },
    /** Before the PubSub closes (subscriptions are in-process, so this never waits on Redis). */
    async stop(): Promise<void> {
      await iterator.return?.();
      await listening;
    },
  };
}
