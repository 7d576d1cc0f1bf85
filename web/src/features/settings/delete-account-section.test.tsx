import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MockedProvider } from '@apollo/client/testing/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { DeleteAccountSection } from './delete-account-section';
import { deleteIdentityAccount, reauthenticate } from './account-security';
import { DeleteAccountDocument } from '../../graphql/graphql';
import { authState, WithAuth } from '../../shared/lib/testing/test-auth-state';

jest.mock('./account-security', () => ({ reauthenticate: jest.fn(), deleteIdentityAccount: jest.fn() }));

const reauthMock = reauthenticate as jest.MockedFunction<typeof reauthenticate>;
const deleteIdentityMock = deleteIdentityAccount as jest.MockedFunction<typeof deleteIdentityAccount>;

const deleteSucceeds = { request: { query: DeleteAccountDocument }, result: { data: { deleteAccount: true } } };

function renderSection(mocks: Array<typeof deleteSucceeds>, usesPassword = true) {
  const signOut = jest.fn(async () => undefined);
  render(
    <MockedProvider mocks={mocks}>
      <WithAuth value={authState({ signOut })}>
        <MemoryRouter initialEntries={['/settings']}>
          <Routes>
            <Route path="/settings" element={<DeleteAccountSection usesPassword={usesPassword} />} />
            <Route path="/" element={<p>Landing</p>} />
          </Routes>
        </MemoryRouter>
      </WithAuth>
    </MockedProvider>,
  );
  return { user: userEvent.setup(), signOut };
}

beforeEach(() => {
  reauthMock.mockReset().mockResolvedValue();
  deleteIdentityMock.mockReset().mockResolvedValue();
});

describe('Settings: Delete Account (D3)', () => {
  it('needs the word DELETE typed before it can go ahead', async () => {
    const { user } = renderSection([]);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    const confirm = screen.getByRole('button', { name: 'Delete My Account' });
    expect(confirm).toBeDisabled();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'delete');
    expect(confirm).toBeDisabled();
    await user.clear(screen.getByLabelText('Type DELETE to confirm'));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    expect(confirm).toBeEnabled();
  });

  it('re-authenticates, deletes everything, signs out and leaves', async () => {
    const { user, signOut } = renderSection([deleteSucceeds]);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Password to confirm'), 'Campus!2025');
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Landing')).toBeInTheDocument();
    expect(reauthMock).toHaveBeenCalledWith('Campus!2025');
    expect(deleteIdentityMock).toHaveBeenCalled();
    expect(signOut).toHaveBeenCalled();
  });

  it('keeps the account when the password is wrong', async () => {
    reauthMock.mockRejectedValue(Object.assign(new Error('bad'), { code: 'auth/wrong-password' }));
    const { user, signOut } = renderSection([]);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.type(screen.getByLabelText('Password to confirm'), 'nope');
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(deleteIdentityMock).not.toHaveBeenCalled();
    expect(signOut).not.toHaveBeenCalled();
  });

  it('asks Google again for a Google account', async () => {
    const { user } = renderSection([deleteSucceeds], false);
    await user.click(screen.getByRole('button', { name: 'Delete Account' }));
    expect(screen.queryByLabelText('Password to confirm')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Type DELETE to confirm'), 'DELETE');
    await user.click(screen.getByRole('button', { name: 'Delete My Account' }));
    expect(await screen.findByText('Landing')).toBeInTheDocument();
    expect(reauthMock).toHaveBeenCalledWith(null);
  });
});
