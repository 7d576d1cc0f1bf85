import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DownloadDataSection } from './download-data-section';
import { authState, testUser, WithAuth } from '../../shared/lib/testing/test-auth-state';

/** The api is not here: fetch answers as the api does (its routes are tested in api/test/api/data-export.test.ts). */
const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
const saved: string[] = [];
const base = `/api/users/${testUser.uid}/data-export`;
const auth = { authorization: 'Bearer test-token' };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const pending = { id: 'a1', status: 'pending', expiresAt: '2026-12-04T10:00:00.000Z', size: null, downloadUrl: null };
const ready = { ...pending, status: 'ready', size: 2_500_000, downloadUrl: `${base}/archives/a1` };

beforeEach(() => {
  fetchMock.mockReset();
  saved.length = 0;
  global.fetch = fetchMock as unknown as typeof fetch;
  URL.createObjectURL = jest.fn(() => 'blob:export');
  URL.revokeObjectURL = jest.fn();
  jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(`${this.download} ${this.href}`);
  });
});

function renderSection() {
  render(
    <WithAuth value={authState()}>
      <DownloadDataSection />
    </WithAuth>,
  );
  return userEvent.setup();
}

describe("Settings: 'Download my data'", () => {
  it('asks for an archive, shows it being prepared while polling its state, then offers it with its size and expiry', async () => {
    const statuses = [{ archive: null }, { archive: pending }, { archive: ready }];
    fetchMock.mockImplementation(async (url, init) => {
      if (url === base && init?.method === 'POST') return json({ success: true, archive: pending }, 202);
      if (url === `${base}/status`) return json({ success: true, ...statuses.shift()! });
      if (url === ready.downloadUrl)
        return new Response('PK', {
          headers: {
            'content-type': 'application/zip',
            'content-disposition': 'attachment; filename="campus-clips-my-data-2026-11-27.zip"',
          },
        });
      throw new Error(`unexpected ${url}`);
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(fetchMock).toHaveBeenCalledWith(base, { method: 'POST', headers: auth });
    expect(await screen.findByText('Preparing your archive…')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download my data' })).toBeNull();
    // The next polls (every few seconds) find it pending, then ready.
    const link = await screen.findByRole('link', { name: 'Download archive (ZIP, 2.5 MB)' }, { timeout: 9000 });
    expect(screen.getByText('Available until December 4, 2026.')).toBeInTheDocument();
    expect(screen.queryByText('Preparing your archive…')).toBeNull();
    await user.click(link);
    expect(fetchMock).toHaveBeenLastCalledWith(ready.downloadUrl, { method: 'GET', headers: auth });
    expect(saved).toEqual(['campus-clips-my-data-2026-11-27.zip blob:export']);
    expect(screen.queryByRole('alert')).toBeNull();
  }, 15_000);

  it("shows the api's message when it refuses (too many requests), and a plain one when the call fails", async () => {
    fetchMock.mockImplementation(async (url, init) => {
      if (url === `${base}/status`) return json({ success: true, archive: null });
      if (init?.method === 'POST')
        return json({ success: false, message: 'Too many requests. Please wait 3000 seconds and try again.' }, 429);
      throw new TypeError('Failed to fetch');
    });
    const user = renderSection();
    await user.click(await screen.findByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 3000 seconds and try again.');
    expect(screen.queryByText('Preparing your archive…')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Data only (JSON)' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to export your data.');
    expect(saved).toEqual([]);
  });

  it('still gives the data alone as JSON at once', async () => {
    fetchMock.mockImplementation(async (url) => {
      if (url === `${base}/status`) return json({ success: true, archive: null });
      return new Response('{"format":"campus-clips-data-export"}', {
        headers: {
          'content-type': 'application/json',
          'content-disposition': 'attachment; filename="campus-clips-my-data-2026-11-27.json"',
        },
      });
    });
    const user = renderSection();
    await user.click(screen.getByRole('button', { name: 'Data only (JSON)' }));
    expect(fetchMock).toHaveBeenLastCalledWith(base, { method: 'GET', headers: auth });
    expect(saved).toEqual(['campus-clips-my-data-2026-11-27.json blob:export']);
  });
});
