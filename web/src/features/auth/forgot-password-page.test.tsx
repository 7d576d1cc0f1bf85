import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { sendPasswordResetEmail } from 'firebase/auth';
import ForgotPasswordPage from './forgot-password-page';

jest.mock('../../shared/session/firebase', () => ({ auth: {} }));
jest.mock('firebase/auth', () => ({ sendPasswordResetEmail: jest.fn() }));

const sendMock = sendPasswordResetEmail as jest.Mock;

function renderPage() {
  render(
    <MemoryRouter>
      <ForgotPasswordPage />
    </MemoryRouter>,
  );
  return userEvent.setup();
}

beforeEach(() => sendMock.mockReset());

describe('Forgot password (D13)', () => {
  it('asks for a valid e-mail before sending anything', async () => {
    const user = renderPage();
    await user.type(screen.getByLabelText('Email Address'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(sendMock).not.toHaveBeenCalled();
  });

  it('sends the reset e-mail and says so', async () => {
    sendMock.mockResolvedValue(undefined);
    const user = renderPage();
    await user.type(screen.getByLabelText('Email Address'), 'ada@uni.example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(sendMock).toHaveBeenCalledWith({}, 'ada@uni.example');
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset email sent to ada@uni.example.');
  });

  it('gives an unknown address the same answer, so accounts stay private', async () => {
    sendMock.mockRejectedValue(Object.assign(new Error('nope'), { code: 'auth/user-not-found' }));
    const user = renderPage();
    await user.type(screen.getByLabelText('Email Address'), 'ghost@uni.example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Password reset email sent to ghost@uni.example.');
  });

  it('explains a network failure', async () => {
    sendMock.mockRejectedValue(Object.assign(new Error('offline'), { code: 'auth/network-request-failed' }));
    const user = renderPage();
    await user.type(screen.getByLabelText('Email Address'), 'ada@uni.example');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Network error. Please check your internet connection.');
  });
});
