import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { DownloadDataSection } from './download-data-section';
import { authState, testUser, WithAuth } from '../../shared/lib/testing/test-auth-state';

/** The api is not here: fetch answers as the api does (its route is tested in api/test/api/data-export.test.ts). */
const fetchMock = jest.fn<Promise<Response>, [string, RequestInit?]>();
const saved: string[] = [];

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
  it("fetches the student's own export with their token and saves it under the api's file name", async () => {
    fetchMock.mockResolvedValue(
      new Response('{"format":"campus-clips-data-export"}', {
        status: 200,
        headers: {
          'content-type': 'application/json',
          'content-disposition': 'attachment; filename="campus-clips-my-data-2026-11-27.json"',
        },
      }),
    );
    const user = renderSection();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(fetchMock).toHaveBeenCalledWith(`/api/users/${testUser.uid}/data-export`, { headers: { authorization: 'Bearer test-token' } });
    expect(saved).toEqual(['campus-clips-my-data-2026-11-27.json blob:export']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it("shows the api's message when it refuses (too many downloads), and a plain one when the call fails", async () => {
    fetchMock.mockResolvedValueOnce(
      new Response('{"success":false,"message":"Too many requests. Please wait 3000 seconds and try again."}', { status: 429 }),
    );
    const user = renderSection();
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many requests. Please wait 3000 seconds and try again.');
    expect(saved).toEqual([]);

    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    await user.click(screen.getByRole('button', { name: 'Download my data' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to export your data.');
  });
});
