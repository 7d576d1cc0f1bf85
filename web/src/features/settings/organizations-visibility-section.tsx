import { useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { UpdateShowOrganizationsDocument } from '../../graphql/graphql';
import { ErrorBanner, SuccessBanner } from '../../shared/components/form-controls';
import { Switch } from '../../shared/components/switch';
import { errorMessage } from '../../shared/lib/graphql-error';
import { SettingsSection } from './settings-section';

/**
 * Whether the profile lists the organizations the student belongs to (issue 26: their choice).
 * Saved as it is flipped; the profile shows it from then on (the api leaves the list out otherwise).
 */
export function OrganizationsVisibilitySection({ viewerId, show }: { viewerId: string; show: boolean }) {
  const [save, { loading }] = useMutation(UpdateShowOrganizationsDocument, {
    // The profile's list is asked for again with the new answer.
    update: (cache) => {
      cache.evict({ id: cache.identify({ __typename: 'User', id: viewerId }), fieldName: 'organizations' });
      cache.gc();
    },
  });
  const [saved, setSaved] = useState<string | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  async function toggle() {
    const next = !show;
    setSaved(null);
    setFailed(null);
    try {
      await save({ variables: { show: next } });
      setSaved(next ? 'Saved: your profile lists your organizations.' : 'Saved: your organizations are hidden from your profile.');
    } catch (failure) {
      console.error('Failed to save the organizations setting', failure);
      setFailed(errorMessage(failure, 'Failed to save this setting. Please try again.'));
    }
  }

  return (
    <SettingsSection id="organizations-visibility-heading" title="Organizations">
      <Switch
        label="Show my organizations on my profile"
        hint="Others see the clubs and societies you belong to. You always see them yourself."
        checked={show}
        disabled={loading}
        onToggle={() => void toggle()}
      />
      <div aria-live="polite">
        <SuccessBanner message={saved} />
      </div>
      <ErrorBanner message={failed} />
    </SettingsSection>
  );
}
