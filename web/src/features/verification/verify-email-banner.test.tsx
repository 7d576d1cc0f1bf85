import { useState } from 'react';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, MemoryRouter } from 'react-router-dom';
import { sendEmailVerification } from 'firebase/auth';
import { VerifyEmailBanner } from './verify-email-banner';
import { newestVerificationLink } from './emulator-link';
import { authState, testUser, WithAuth } from '../../shared/lib/testing/test-auth-state';
import { RESEND_COOLDOWN_SECONDS, cooldownRemaining } from '../../shared/session/email-verification';

jest.mock('../../shared/session/firebase', () => ({ auth: { currentUser: { uid: 'student-a', email: 'ada@uni.example' } } }));
jest.mock('firebase/auth', () => ({ sendEmailVerification: jest.fn() }));

const sendMock = sendEmailVerification as jest.Mock;
const unverified = { ...testUser, emailVerified: false };
const DEV_URL = 'http://127.0.0.1:9099/emulator/v1/projects/demo-campus-clips/oobCodes';

/** The banner under an auth state that turns verified when the provider says so (`providerSays`). */
function renderBanner({
  providerSays = { verified: false },
  devLinksUrl = null as string | null,
  currentUser = unverified as typeof unverified | null,
} = {}) {
  const onVerified = jest.fn();
  const reload = jest.fn();
  function Harness() {
    const [user, setUser] = useState(currentUser);
    const value = authState({
      currentUser: user,
      reloadEmailVerified: async () => {
        reload();
        if (providerSays.verified) setUser((current) => current && { ...current, emailVerified: true });
        return providerSays.verified;
      },
    });
    return (
      <WithAuth value={value}>
        <main>
          <VerifyEmailBanner onVerified={onVerified} devLinksUrl={devLinksUrl} />
          <p>Your Feed</p>
          <Link to="/explore">Explore</Link>
        </main>
      </WithAuth>
    );
  }
  render(
    <MemoryRouter initialEntries={['/']}>
      <Harness />
    </MemoryRouter>,
  );
  return { onVerified, reload };
}

beforeEach(() => {
  window.localStorage.clear();
  sendMock.mockReset().mockResolvedValue(undefined);
  jest.useRealTimers();
});

describe('the Verify your e-mail banner', () => {
  it('shows nothing for a verified student or a visitor', () => {
    renderBanner({ currentUser: { ...testUser, emailVerified: true } });
    expect(screen.queryByRole('heading', { name: 'Verify your e-mail' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend' })).not.toBeInTheDocument();
  });

  it('tells an unverified student where the link went, with Resend and I’ve verified', () => {
    renderBanner();
    expect(screen.getByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(screen.getByText('We sent a link to ada@uni.example. Open it to post, comment and join in.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
    expect(screen.getByRole('button', { name: "I've verified" })).toBeEnabled();
    // Not the emulator: no development link, and nothing asked of an emulator.
    expect(screen.queryByRole('link', { name: 'Open verification link (development)' })).not.toBeInTheDocument();
  });

  it('Resend asks the provider, says so, then waits out its cooldown before it works again', async () => {
    jest.useFakeTimers();
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(sendMock).toHaveBeenCalledTimes(1);
    expect(await screen.findByText('Sent. Check your inbox.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(screen.getByText(`You can ask for another link in ${RESEND_COOLDOWN_SECONDS} s.`)).toBeInTheDocument();

    await act(async () => jest.advanceTimersByTime(30_000));
    expect(screen.getByText(`You can ask for another link in ${RESEND_COOLDOWN_SECONDS - 30} s.`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(sendMock).toHaveBeenCalledTimes(1); // still waiting

    await act(async () => jest.advanceTimersByTime(31_000));
    expect(screen.getByRole('button', { name: 'Resend' })).toBeEnabled();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(sendMock).toHaveBeenCalledTimes(2);
  });

  it('keeps the cooldown over a reload (it is remembered per account)', () => {
    window.localStorage.setItem('campusClips.verificationSentAt.student-a', String(Date.now() - 20_000));
    renderBanner();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
    expect(cooldownRemaining('student-a')).toBe(RESEND_COOLDOWN_SECONDS - 20);
    expect(cooldownRemaining('someone-else')).toBe(0);
  });

  it("shows the provider's own limit clearly", async () => {
    sendMock.mockRejectedValue(Object.assign(new Error('Firebase: Error (auth/too-many-requests).'), { code: 'auth/too-many-requests' }));
    const user = userEvent.setup();
    renderBanner();
    await user.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Too many links were asked for. The e-mail provider limits how often it sends them: please wait a few minutes, then try again.',
    );
    expect(screen.queryByText('Sent. Check your inbox.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Resend' })).toBeDisabled();
  });

  it("I've verified: not yet, says so and stays", async () => {
    const user = userEvent.setup();
    const { onVerified, reload } = renderBanner({ providerSays: { verified: false } });
    await user.click(screen.getByRole('button', { name: "I've verified" }));
    expect(reload).toHaveBeenCalledTimes(1);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your e-mail is not verified yet.');
    expect(screen.getByRole('heading', { name: 'Verify your e-mail' })).toBeInTheDocument();
    expect(onVerified).not.toHaveBeenCalled();
  });

  it("I've verified: once the provider agrees, 'E-mail verified.' replaces the banner, still signed in", async () => {
    const user = userEvent.setup();
    const { onVerified } = renderBanner({ providerSays: { verified: true } });
    await user.click(screen.getByRole('button', { name: "I've verified" }));
    expect(await screen.findByRole('status')).toHaveTextContent('E-mail verified.');
    expect(screen.queryByRole('heading', { name: 'Verify your e-mail' })).not.toBeInTheDocument();
    expect(screen.getByText('Your Feed')).toBeInTheDocument();
    expect(onVerified).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Dismiss message' }));
    expect(screen.queryByText('E-mail verified.')).not.toBeInTheDocument();
  });

  it("'E-mail verified.' stays on its page: the next page opens without it", async () => {
    const user = userEvent.setup();
    renderBanner({ providerSays: { verified: true } });
    await user.click(screen.getByRole('button', { name: "I've verified" }));
    expect(await screen.findByText('E-mail verified.')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Explore' }));
    expect(screen.queryByText('E-mail verified.')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Verify your e-mail' })).not.toBeInTheDocument();
  });

  it('checks by itself when the window gets the focus back', async () => {
    const { reload, onVerified } = renderBanner({ providerSays: { verified: true } });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    expect(await screen.findByText('E-mail verified.')).toBeInTheDocument();
    expect(reload).toHaveBeenCalledTimes(1);
    expect(onVerified).toHaveBeenCalledTimes(1);
  });

  describe('with the Auth emulator', () => {
    const originalFetch = global.fetch;
    afterEach(() => {
      global.fetch = originalFetch;
    });

    it('shows the newest verification link the emulator caught for this address', async () => {
      const codes = [
        { email: 'ada@uni.example', requestType: 'VERIFY_EMAIL', oobLink: 'http://emu/old' },
        { email: 'ADA@uni.example', requestType: 'PASSWORD_RESET', oobLink: 'http://emu/reset' },
        { email: 'bob@uni.example', requestType: 'VERIFY_EMAIL', oobLink: 'http://emu/bob' },
        { email: 'Ada@Uni.example', requestType: 'VERIFY_EMAIL', oobLink: 'http://emu/newest' },
      ];
      const fetchMock = jest.fn(async () => ({ ok: true, json: async () => ({ oobCodes: codes }) }));
      global.fetch = fetchMock as unknown as typeof fetch;
      renderBanner({ devLinksUrl: DEV_URL });
      const link = await screen.findByRole('link', { name: 'Open verification link (development)' });
      expect(link).toHaveAttribute('href', 'http://emu/newest');
      expect(link).toHaveAttribute('target', '_blank');
      expect(fetchMock).toHaveBeenCalledWith(DEV_URL);
    });

    it('picks only VERIFY_EMAIL links of that address', () => {
      expect(newestVerificationLink([{ email: 'a@x.example', requestType: 'PASSWORD_RESET', oobLink: 'r' }], 'a@x.example')).toBeNull();
      expect(newestVerificationLink([], 'a@x.example')).toBeNull();
    });

    it('looks again after Resend, for the new link', async () => {
      let codes = [{ email: 'ada@uni.example', requestType: 'VERIFY_EMAIL', oobLink: 'http://emu/first' }];
      global.fetch = jest.fn(async () => ({ ok: true, json: async () => ({ oobCodes: codes }) })) as unknown as typeof fetch;
      const user = userEvent.setup();
      renderBanner({ devLinksUrl: DEV_URL });
      expect(await screen.findByRole('link', { name: 'Open verification link (development)' })).toHaveAttribute('href', 'http://emu/first');
      codes = [...codes, { email: 'ada@uni.example', requestType: 'VERIFY_EMAIL', oobLink: 'http://emu/second' }];
      await user.click(screen.getByRole('button', { name: 'Resend' }));
      await waitFor(() =>
        expect(screen.getByRole('link', { name: 'Open verification link (development)' })).toHaveAttribute('href', 'http://emu/second'),
      );
    });
  });
});
