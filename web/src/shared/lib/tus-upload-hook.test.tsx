import { act, renderHook } from '@testing-library/react';
import type { UploadOptions } from 'tus-js-client';
import { useTusUpload } from './tus-upload';

jest.mock('../session/auth-context', () => ({ useAuth: () => ({ getIdToken: async () => 'id-token' }) }));

// A stand-in for tus-js-client's Upload that lets the test play the server's part.
type FakeUpload = {
  options: UploadOptions;
  start: jest.Mock;
  abort: jest.Mock;
  resumed: unknown;
  findPreviousUploads: jest.Mock;
  resumeFromPreviousUpload: jest.Mock;
};
const mockUploads: FakeUpload[] = [];
jest.mock('tus-js-client', () => {
  const actual = jest.requireActual('tus-js-client');
  return {
    ...actual,
    Upload: jest.fn().mockImplementation((_file: File, options: UploadOptions) => {
      const upload: FakeUpload = {
        options,
        start: jest.fn(),
        abort: jest.fn(() => Promise.resolve()),
        resumed: null as unknown,
        findPreviousUploads: jest.fn(() => Promise.resolve([{ uploadUrl: '/uploads/earlier' }])),
        resumeFromPreviousUpload: jest.fn((previous: unknown): void => {
          upload.resumed = previous;
        }),
      };
      mockUploads.push(upload);
      return upload;
    }),
  };
});

const response = (status: number, headers: Record<string, string> = {}, body = '') => ({
  getStatus: () => status,
  getHeader: (name: string) => headers[name],
  getBody: () => body,
  getUnderlyingObject: () => null,
});

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

async function startUpload() {
  const hook = renderHook(() => useTusUpload('video'));
  await act(async () => hook.result.current.start(new File(['x'], 'clip.mp4', { type: 'video/mp4' })));
  return { hook, upload: mockUploads[mockUploads.length - 1] };
}

beforeEach(() => {
  mockUploads.length = 0;
  setOnline(true);
});

describe('useTusUpload', () => {
  it('resumes an earlier interrupted upload of the file, sends the token and metadata, reports progress and the media URL', async () => {
    const { hook, upload } = await startUpload();
    expect(upload.resumed).toEqual({ uploadUrl: '/uploads/earlier' });
    expect(upload.start).toHaveBeenCalledTimes(1);
    expect(upload.options.metadata).toEqual({ kind: 'video', filename: 'clip.mp4', filetype: 'video/mp4' });
    const request = { setHeader: jest.fn() };
    await upload.options.onBeforeRequest!(request as never);
    expect(request.setHeader).toHaveBeenCalledWith('Authorization', 'Bearer id-token');

    act(() => upload.options.onProgress!(25, 100));
    expect(hook.result.current).toMatchObject({ status: 'uploading', progress: 25 });
    act(() => upload.options.onSuccess!({ lastResponse: response(204, { 'X-Media-Url': '/media/videos/abc.mp4' }) as never }));
    expect(hook.result.current).toMatchObject({ status: 'complete', progress: 100, mediaUrl: '/media/videos/abc.mp4', error: null });
  });

  it('retries network failures but not refusals', async () => {
    const { upload } = await startUpload();
    const failure = (status: number | null) => Object.assign(new Error('x'), { originalResponse: status ? response(status) : null });
    expect(upload.options.onShouldRetry!(failure(null) as never, 0, upload.options)).toBe(true);
    expect(upload.options.onShouldRetry!(failure(503) as never, 0, upload.options)).toBe(true);
    expect(upload.options.onShouldRetry!(failure(415) as never, 0, upload.options)).toBe(false);
  });

  it('waits while offline and resumes once the network is back', async () => {
    const { hook, upload } = await startUpload();
    act(() => upload.options.onProgress!(40, 100));
    setOnline(false);
    act(() => upload.options.onError!(new Error('network down')));
    expect(hook.result.current).toMatchObject({ status: 'uploading', progress: 40, error: null });
    expect(upload.start).toHaveBeenCalledTimes(1);

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(upload.start).toHaveBeenCalledTimes(2);
  });

  it("shows the server's reason when the file is refused, and resets to idle", async () => {
    const { hook, upload } = await startUpload();
    act(() =>
      upload.options.onError!(
        Object.assign(new Error('refused'), { originalResponse: response(413, {}, 'File size exceeds 100MB limit') }),
      ),
    );
    expect(hook.result.current).toMatchObject({ status: 'error', error: 'File size exceeds 100MB limit' });
    act(() => hook.result.current.reset());
    expect(hook.result.current).toMatchObject({ status: 'idle', progress: 0, error: null, mediaUrl: null });
    expect(upload.abort).toHaveBeenCalled();
  });
});
