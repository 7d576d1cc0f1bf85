import { DetailedError, type HttpResponse } from 'tus-js-client';
import { uploadErrorMessage } from './tus-upload';

jest.mock('../session/auth-context', () => ({ useAuth: () => ({ getIdToken: async () => 'token' }) }));

function refused(status: number, body: string): DetailedError {
  const response = { getStatus: () => status, getBody: () => body, getHeader: () => undefined } as unknown as HttpResponse;
  const error = new DetailedError('tus: unexpected response');
  (error as { originalResponse: HttpResponse | null }).originalResponse = response;
  return error;
}

describe('upload error messages', () => {
  it("shows the server's reason for a refused type or size", () => {
    expect(uploadErrorMessage(refused(415, 'Please select a valid video file (MP4, MOV, AVI, WMV)'), 'video')).toBe(
      'Please select a valid video file (MP4, MOV, AVI, WMV)',
    );
    expect(uploadErrorMessage(refused(413, JSON.stringify({ message: 'File size exceeds 100MB limit' })), 'video')).toBe(
      'File size exceeds 100MB limit',
    );
    expect(uploadErrorMessage(refused(413, 'Image size should be less than 5MB'), 'image')).toBe('Image size should be less than 5MB');
  });

  it('says when too many uploads were started', () => {
    expect(uploadErrorMessage(refused(429, 'Too many requests. Please wait 120 seconds and try again.'), 'video')).toBe(
      'Too many requests. Please wait 120 seconds and try again.',
    );
  });

  it('falls back to the spec message for anything else', () => {
    expect(uploadErrorMessage(refused(500, '<html>oops</html>'), 'video')).toBe('Failed to upload video. Please try again.');
    expect(uploadErrorMessage(new Error('network down'), 'video')).toBe('Failed to upload video. Please try again.');
  });
});
