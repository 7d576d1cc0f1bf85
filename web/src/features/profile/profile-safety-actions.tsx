import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQuery } from '@apollo/client/react';
import { ProfileMutedUsersDocument } from '../../graphql/graphql';
import { ConfirmDialog } from '../../shared/components/confirm-dialog';
import { showFlashToast } from '../../shared/components/flash-toast';
import { useBlockMute } from '../blocks';
import { errorMessage } from '../../shared/lib/graphql-error';
import { ModeratorToggle, ReportButton } from '../moderation';

const plainButton =
  'rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-wait disabled:opacity-60';

/**
 * Block, Mute/Unmute and Report beside the Follow button on another student's profile (issue 14).
 * Blocking asks first, then leaves for Home (their profile is no longer available); muting is
 * quiet and can be undone here or in Settings. Whether they are muted comes from `mutedUsers`.
 */
export function ProfileSafetyActions({ userId, name }: { userId: string; name: string }) {
  const navigate = useNavigate();
  const { block, mute, unmute } = useBlockMute();
  const mutedQuery = useQuery(ProfileMutedUsersDocument);
  const muted = mutedQuery.data?.mutedUsers.some((person) => person.id === userId) ?? false;
  const [confirming, setConfirming] = useState(false);
  const [blocking, setBlocking] = useState(false);
  const [blockError, setBlockError] = useState<string | null>(null);
  const [muteBusy, setMuteBusy] = useState(false);

  async function confirmBlock() {
    setBlocking(true);
    setBlockError(null);
    try {
      await block(userId);
    } catch (error) {
      console.error('Failed to block user', error);
      setBlockError(errorMessage(error, 'Failed to block user. Please try again.'));
      setBlocking(false);
      return;
    }
    // Replace the profile in the history: going Back should not return to a blocked account.
    navigate('/', { replace: true });
    showFlashToast(`Blocked ${name}.`);
  }

  async function toggleMute() {
    const wasMuted = muted;
    setMuteBusy(true);
    try {
      if (wasMuted) await unmute(userId);
      else await mute(userId);
      showFlashToast(wasMuted ? `Unmuted ${name}.` : `Muted ${name}. Their posts and comments will not appear in your feeds.`);
    } catch (error) {
      console.error(wasMuted ? 'Failed to unmute user' : 'Failed to mute user', error);
      showFlashToast(errorMessage(error, wasMuted ? 'Failed to unmute user' : 'Failed to mute user'), 'error');
    } finally {
      setMuteBusy(false);
    }
  }

  return (
    <>
      <button
        type="button"
        className={plainButton}
        onClick={() => void toggleMute()}
        disabled={muteBusy || (mutedQuery.loading && !mutedQuery.data)}
      >
        {muted ? 'Unmute' : 'Mute'}
      </button>
      <button
        type="button"
        className={plainButton}
        onClick={() => {
          setBlockError(null);
          setConfirming(true);
        }}
      >
        Block
      </button>
      <ReportButton
        targetType="USER"
        targetId={userId}
        authorId={userId}
        authorName={name}
        label="Report account"
        className={plainButton}
        onBlocked={() => navigate('/', { replace: true })}
      />
      <ModeratorToggle userId={userId} name={name} />
      {confirming && (
        <ConfirmDialog
          title={`Block ${name}?`}
          description="They will not see your posts, comments or profile, and you will not see theirs. You will stop following each other."
          confirmLabel="Block"
          busyLabel="Blocking..."
          busy={blocking}
          error={blockError}
          onConfirm={() => void confirmBlock()}
          onCancel={() => setConfirming(false)}
        />
      )}
    </>
  );
}
