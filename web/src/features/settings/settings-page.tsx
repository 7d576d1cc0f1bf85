// Account Settings (spec §2 "Settings", D3).
import { useQuery } from '@apollo/client/react';
import { Spinner } from '../../shared/components/spinner';
import { ErrorBox } from '../../shared/components/error-box';
import { SettingsProfileDocument } from '../../graphql/graphql';
import { callErrorMessage } from '../../shared/lib/graphql-error';
import { NotificationSettings } from '../notifications';
import { CalendarFeedSettings } from '../events';
import { useAuth } from '../../shared/session/auth-context';
import { hasPasswordSignIn } from './account-security';
import { BlockedMutedSection } from './blocked-muted-section';
import { ChangePasswordSection } from './change-password-section';
import { DeleteAccountSection } from './delete-account-section';
import { DownloadDataSection } from './download-data-section';
import { PlaybackSettings } from './playback-settings';
import { ProfileSection } from './profile-section';
import { OrganizationsVisibilitySection } from './organizations-visibility-section';
import { SettingsSection } from './settings-section';

/** Spec §8 "Settings": the server's message, else 'Failed to fetch user data'; 'An error occurred' when the call itself failed. */
function loadErrorMessage(error: unknown): string {
  return callErrorMessage(error, {
    unreachable: 'An error occurred',
    noMessage: 'Failed to fetch user data',
    otherwise: 'An error occurred',
  });
}

export default function SettingsPage() {
  const { currentUser } = useAuth();
  const { data, loading, error } = useQuery(SettingsProfileDocument, { skip: !currentUser, fetchPolicy: 'cache-and-network' });

  if (!currentUser) return <p className="text-slate-700">Please sign in to access settings.</p>;

  const usesPassword = hasPasswordSignIn();

  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <h1 className="text-3xl font-bold text-slate-900">Account Settings</h1>
      {loading && !data ? (
        <Spinner />
      ) : error && !data ? (
        <ErrorBox message={loadErrorMessage(error)} />
      ) : !data?.viewer ? (
        <ErrorBox message="Failed to fetch user data" />
      ) : (
        <ProfileSection key={data.viewer.id} viewer={data.viewer} catalogue={data.interestCatalogue} />
      )}
      <ChangePasswordSection canChangePassword={usesPassword} />
      <SettingsSection id="playback-heading" title="Playback">
        <PlaybackSettings />
      </SettingsSection>
      <SettingsSection id="notifications-heading" title="Notifications">
        <NotificationSettings />
      </SettingsSection>
      <SettingsSection id="calendar-feed-heading" title="Calendar feed">
        <CalendarFeedSettings />
      </SettingsSection>
      {data?.viewer && <OrganizationsVisibilitySection viewerId={data.viewer.id} show={data.viewer.showOrganizations} />}
      <BlockedMutedSection />
      <DownloadDataSection />
      <DeleteAccountSection usesPassword={usesPassword} />
    </div>
  );
}
