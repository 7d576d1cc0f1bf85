// Change Password (spec §2 Settings, §5 "Password change", §8 "Settings").
import { useState, type ChangeEvent, type FormEvent } from 'react';
import { ErrorBanner, PasswordField, SuccessBanner } from '../../shared/components/form-controls';
import { hasErrors, passwordChangeErrorMessage, validatePasswordChange, type FieldErrors, type PasswordChangeForm } from '../auth';
import { changePassword } from './account-security';
import { SettingsSection } from './settings-section';

const emptyForm: PasswordChangeForm = { currentPassword: '', newPassword: '', confirmPassword: '' };

export function ChangePasswordSection({ canChangePassword }: { canChangePassword: boolean }) {
  const [form, setForm] = useState<PasswordChangeForm>(emptyForm);
  const [fieldErrors, setFieldErrors] = useState<FieldErrors<keyof PasswordChangeForm>>({});
  const [error, setError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  function handleChange(event: ChangeEvent<HTMLInputElement>) {
    const field = event.target.name as keyof PasswordChangeForm;
    setForm((current) => ({ ...current, [field]: event.target.value }));
    // Spec §5: field errors are cleared when any password field is edited.
    setFieldErrors({});
    setError(null);
    setSuccess(null);
  }

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSuccess(null);
    setError(null);
    const errors = validatePasswordChange(form);
    setFieldErrors(errors);
    if (hasErrors(errors)) return;
    setSaving(true);
    try {
      await changePassword(form.currentPassword, form.newPassword);
      setForm(emptyForm);
      setSuccess('Password updated successfully!');
    } catch (changeError) {
      const failure = passwordChangeErrorMessage(changeError);
      if (failure.field) setFieldErrors({ [failure.field]: failure.message });
      else setError(failure.message);
    } finally {
      setSaving(false);
    }
  }

  return (
    <SettingsSection id="change-password-heading" title="Change Password">
      {canChangePassword ? (
        <form noValidate onSubmit={handleSubmit} className="space-y-4">
          <ErrorBanner message={error} />
          <SuccessBanner message={success} />
          <PasswordField
            label="Current Password"
            name="currentPassword"
            autoComplete="current-password"
            value={form.currentPassword}
            onChange={handleChange}
            error={fieldErrors.currentPassword}
          />
          <PasswordField
            label="New Password"
            name="newPassword"
            autoComplete="new-password"
            value={form.newPassword}
            onChange={handleChange}
            error={fieldErrors.newPassword}
            hint="Password must be at least 8 characters with 1 uppercase letter and 1 symbol."
          />
          <PasswordField
            label="Confirm New Password"
            name="confirmPassword"
            autoComplete="new-password"
            value={form.confirmPassword}
            onChange={handleChange}
            error={fieldErrors.confirmPassword}
          />
          <button
            type="submit"
            disabled={saving}
            className="rounded-md bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 disabled:bg-indigo-300 focus-ring"
          >
            {saving ? 'Changing Password...' : 'Change Password'}
          </button>
        </form>
      ) : (
        <p className="text-slate-600">
          You sign in with Google, so your account has no Campus Clips password to change. Manage your password in your Google account.
        </p>
      )}
    </SettingsSection>
  );
}
