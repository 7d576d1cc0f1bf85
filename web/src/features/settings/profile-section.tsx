// Profile Picture and Profile Information (spec §2 Settings, §4 "Profile photo"): on Update
// Profile the new image is uploaded first, then the identity profile, then our profile record.
import { useEffect, useEffectEvent, useRef, useState, type FormEvent } from 'react';
import { useMutation } from '@apollo/client/react';
import { LIMITS, charCount } from '@campus-clips/rules';
import { Avatar } from '../../shared/components/avatar';
import { useTusUpload } from '../../shared/lib/tus-upload';
import { errorMessage, fieldErrors as graphqlFieldErrors } from '../../shared/lib/graphql-error';
import { UpdateAccountProfileDocument, type SettingsProfileQuery } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { ErrorBanner, SuccessBanner, TextField } from '../../shared/components/form-controls';
import { updateIdentityProfile } from './account-security';
import { checkImageFile } from './image-file-check';
import { validateProfile, type ProfileErrors, type ProfileForm } from './profile-validation';
import { SettingsSection } from './settings-section';

type Viewer = NonNullable<SettingsProfileQuery['viewer']>;

export function ProfileSection({ viewer, catalogue }: { viewer: Viewer; catalogue: readonly string[] }) {
  const { refreshCurrentUser } = useAuth();
  const upload = useTusUpload('image');
  const [updateAccountProfile] = useMutation(UpdateAccountProfileDocument);
  const fileInput = useRef<HTMLInputElement>(null);

  const [form, setForm] = useState<ProfileForm>({
    displayName: viewer.displayName ?? '',
    bio: viewer.bio ?? '',
    interests: viewer.interests,
  });
  const [photoFile, setPhotoFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [errors, setErrors] = useState<ProfileErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  // The form values waiting for the photo upload to finish, then the save it lets go ahead.
  const [awaitingUpload, setAwaitingUpload] = useState<ProfileForm | null>(null);
  const [uploadedSave, setUploadedSave] = useState<{ values: ProfileForm; photoUrl: string } | null>(null);

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  // The upload settled while the form waited: adjusted while rendering, not in an effect.
  if (awaitingUpload && upload.status === 'complete' && upload.mediaUrl) {
    setAwaitingUpload(null);
    setUploadedSave({ values: awaitingUpload, photoUrl: upload.mediaUrl });
  } else if (awaitingUpload && upload.status === 'error') {
    setAwaitingUpload(null);
    setSaving(false);
    setError(upload.error ?? 'Failed to update profile');
  }

  // Saving talks to Firebase and the api, so it runs in an effect: once per finished upload. It
  // reads the latest save (which closes over this render's state) without re-running for it.
  const saveUploaded = useEffectEvent((values: ProfileForm, photoUrl: string) => void save(values, photoUrl));
  useEffect(() => {
    if (uploadedSave) saveUploaded(uploadedSave.values, uploadedSave.photoUrl);
  }, [uploadedSave]);

  function clearMessages() {
    setError(null);
    setSuccess(null);
  }

  function handlePhotoChosen(file: File | undefined) {
    clearMessages();
    if (!file) return;
    const problem = checkImageFile(file);
    setPhotoError(problem);
    if (problem) return;
    upload.reset();
    setPhotoFile(file);
    setPreviewUrl(URL.createObjectURL(file));
  }

  function toggleInterest(interest: string) {
    clearMessages();
    setErrors((current) => ({ ...current, interests: undefined }));
    setForm((current) => ({
      ...current,
      interests: current.interests.includes(interest)
        ? current.interests.filter((chosen) => chosen !== interest)
        : [...current.interests, interest],
    }));
  }

  async function save(values: ProfileForm, uploadedPhotoUrl: string | null) {
    try {
      const displayName = values.displayName.trim();
      const photoURL = uploadedPhotoUrl ?? undefined;
      await updateIdentityProfile({
        displayName,
        ...(photoURL ? { photoURL: new URL(photoURL, window.location.origin).href } : {}),
      });
      await updateAccountProfile({
        variables: { input: { displayName, bio: values.bio, interests: values.interests, ...(photoURL ? { photoURL } : {}) } },
      });
      refreshCurrentUser();
      setPhotoFile(null);
      setSuccess('Profile updated successfully!');
    } catch (saveError) {
      const serverFields = graphqlFieldErrors(saveError);
      if (Object.keys(serverFields).length > 0) setErrors(serverFields as ProfileErrors);
      setError(
        saveError instanceof Error ? errorMessage(saveError, 'Failed to update profile') : 'An error occurred while updating your profile',
      );
    } finally {
      setSaving(false);
    }
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    clearMessages();
    const problems = validateProfile(form);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    setSaving(true);
    if (photoFile) {
      setAwaitingUpload(form);
      upload.start(photoFile);
    } else {
      void save(form, null);
    }
  }

  const shownPhoto = previewUrl ?? viewer.photoURL;
  const showProgress = upload.status === 'uploading' || upload.status === 'complete';

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-6">
      <SettingsSection id="profile-picture-heading" title="Profile Picture">
        <div className="flex flex-col items-start gap-4 sm:flex-row sm:items-center">
          <Avatar photoURL={shownPhoto} name={viewer.displayName || viewer.email} size={96} />
          <div className="space-y-2">
            <input
              ref={fileInput}
              type="file"
              accept="image/*"
              hidden
              aria-hidden="true"
              tabIndex={-1}
              data-testid="profile-photo-input"
              onChange={(event) => handlePhotoChosen(event.target.files?.[0])}
            />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50 focus-ring"
            >
              Choose New Photo
            </button>
            <p className="text-xs text-slate-500">JPEG, PNG or GIF. Max size 5MB.</p>
            {photoFile && !photoError && <p className="text-sm text-slate-600">New photo selected: {photoFile.name}</p>}
            {photoError && (
              <p role="alert" className="text-sm text-red-600">
                {photoError}
              </p>
            )}
          </div>
        </div>
        {showProgress && (
          <div className="mt-4">
            <div
              role="progressbar"
              aria-label="Profile picture upload"
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={upload.progress}
              className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
            >
              <div className="h-full bg-indigo-600 transition-all" style={{ width: `${upload.progress}%` }} />
            </div>
            <p className="mt-1 text-xs text-slate-500">{upload.progress}%</p>
          </div>
        )}
      </SettingsSection>

      <SettingsSection id="profile-information-heading" title="Profile Information">
        <div className="space-y-5">
          <TextField
            label="Username"
            name="displayName"
            autoComplete="nickname"
            value={form.displayName}
            onChange={(event) => {
              clearMessages();
              setErrors((current) => ({ ...current, displayName: undefined }));
              setForm((current) => ({ ...current, displayName: event.target.value }));
            }}
            error={errors.displayName}
          />
          <div>
            <label htmlFor="settings-bio" className="mb-1 block text-sm font-medium text-slate-700">
              Bio
            </label>
            <textarea
              id="settings-bio"
              name="bio"
              rows={4}
              value={form.bio}
              aria-describedby={errors.bio ? 'settings-bio-hint settings-bio-error' : 'settings-bio-hint'}
              aria-invalid={errors.bio ? true : undefined}
              onChange={(event) => {
                clearMessages();
                setErrors((current) => ({ ...current, bio: undefined }));
                setForm((current) => ({ ...current, bio: event.target.value }));
              }}
              className="w-full rounded-md border border-slate-300 px-3 py-2 text-base shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            />
            <p id="settings-bio-hint" className="mt-1 flex justify-between text-xs text-slate-500">
              <span>Let others know a bit about you.</span>
              <span>
                {charCount(form.bio)}/{LIMITS.bio}
              </span>
            </p>
            {errors.bio && (
              <p id="settings-bio-error" className="mt-1 text-sm text-red-600">
                {errors.bio}
              </p>
            )}
          </div>
          <fieldset aria-describedby="settings-interests-hint">
            <legend className="mb-1 block text-sm font-medium text-slate-700">Interests</legend>
            <p id="settings-interests-hint" className="mb-3 text-xs text-slate-500">
              Select interests to help connect with like-minded individuals.
            </p>
            <div className="flex flex-wrap gap-2">
              {catalogue.map((interest) => {
                const selected = form.interests.includes(interest);
                return (
                  <button
                    key={interest}
                    type="button"
                    aria-pressed={selected}
                    onClick={() => toggleInterest(interest)}
                    className={`rounded-full border px-3 py-1.5 text-sm font-medium focus-ring ${
                      selected ? 'border-indigo-600 bg-indigo-600 text-white' : 'border-slate-300 bg-white text-slate-700 hover:bg-slate-50'
                    }`}
                  >
                    {interest}
                  </button>
                );
              })}
            </div>
            {errors.interests && <p className="mt-2 text-sm text-red-600">{errors.interests}</p>}
          </fieldset>
          <ErrorBanner message={error} />
          <SuccessBanner message={success} />
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 disabled:bg-indigo-300 focus-ring"
          >
            {saving ? 'Updating...' : 'Update Profile'}
          </button>
        </div>
      </SettingsSection>
    </form>
  );
}
