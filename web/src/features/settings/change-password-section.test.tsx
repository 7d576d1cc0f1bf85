import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ChangePasswordSection } from './change-password-section';
import { changePassword } from './account-security';

jest.mock('./account-security', () => ({ changePassword: jest.fn() }));

const changePasswordMock = changePassword as jest.MockedFunction<typeof changePassword>;

function firebaseError(code: string, message = `Firebase: Error (${code}).`) {
  return Object.assign(new Error(message), { code });
}

function renderSection() {
  render(<ChangePasswordSection canChangePassword />);
  const user = userEvent.setup();
  const fields = {
    current: screen.getByLabelText('Current Password'),
    next: screen.getByLabelText('New Password'),
    confirm: screen.getByLabelText('Confirm New Password'),
  };
  async function fill(current: string, next: string, confirm: string) {
    if (current) await user.type(fields.current, current);
    if (next) await user.type(fields.next, next);
    if (confirm) await user.type(fields.confirm, confirm);
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
  }
  return { user, fields, fill };
}

beforeEach(() => changePasswordMock.mockReset());

describe('Settings: Change Password', () => {
  it('shows the hint and every field rule under its field without calling Firebase', async () => {
    const { fill } = renderSection();
    expect(screen.getByText('Password must be at least 8 characters with 1 uppercase letter and 1 symbol.')).toBeInTheDocument();
    await fill('', 'short', 'other');
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(changePasswordMock).not.toHaveBeenCalled();
  });

  it('clears the field errors when any password field is edited', async () => {
    const { user, fields, fill } = renderSection();
    await fill('', 'lowercase!', 'lowercase!');
    expect(screen.getByText('Current password is required')).toBeInTheDocument();
    expect(screen.getByText('Password must contain at least 1 uppercase letter')).toBeInTheDocument();
    await user.type(fields.confirm, 'x');
    expect(screen.queryByText('Current password is required')).not.toBeInTheDocument();
    expect(screen.queryByText('Password must contain at least 1 uppercase letter')).not.toBeInTheDocument();
  });

  it('re-authenticates, updates, confirms and clears the three fields', async () => {
    changePasswordMock.mockResolvedValue();
    const { fields, fill } = renderSection();
    await fill('OldPass!1', 'NewPass!2', 'NewPass!2');
    expect(changePasswordMock).toHaveBeenCalledWith('OldPass!1', 'NewPass!2');
    expect(await screen.findByText('Password updated successfully!')).toBeInTheDocument();
    expect(fields.current).toHaveValue('');
    expect(fields.next).toHaveValue('');
    expect(fields.confirm).toHaveValue('');
  });

  it('puts a wrong current password under its field', async () => {
    changePasswordMock.mockRejectedValue(firebaseError('auth/wrong-password'));
    const { fields, fill } = renderSection();
    await fill('Wrong!Pass1', 'NewPass!2', 'NewPass!2');
    const message = await screen.findByText('Current password is incorrect');
    expect(fields.current).toHaveAttribute('aria-describedby', expect.stringContaining(message.id));
    expect(screen.queryByText('Password updated successfully!')).not.toBeInTheDocument();
  });

  it('asks for a fresh login when Firebase requires recent authentication', async () => {
    changePasswordMock.mockRejectedValue(firebaseError('auth/requires-recent-login'));
    const { fill } = renderSection();
    await fill('OldPass!1', 'NewPass!2', 'NewPass!2');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This operation is sensitive and requires recent authentication. Please log in again before retrying',
    );
  });

  it("shows any other error's message, or the fallback", async () => {
    changePasswordMock.mockRejectedValueOnce(firebaseError('auth/internal-error', 'The service is down'));
    const { fill, user } = renderSection();
    await fill('OldPass!1', 'NewPass!2', 'NewPass!2');
    expect(await screen.findByRole('alert')).toHaveTextContent('The service is down');

    changePasswordMock.mockRejectedValueOnce({ unexpected: true });
    await user.click(screen.getByRole('button', { name: 'Change Password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to update password');
  });
});
