import { checkMediaFile, MEDIA_FILES } from './media';

const MB = 1024 * 1024;

describe('media files (spec §5)', () => {
  it('caps a video at 100 MB: exactly 100 MB passes, one byte more is refused', () => {
    expect(MEDIA_FILES.video.maxBytes).toBe(100 * MB);
    expect(checkMediaFile('video', { type: 'video/mp4', size: 100 * MB })).toBeNull();
    expect(checkMediaFile('video', { type: 'video/mp4', size: 100 * MB + 1 })).toBe('File size exceeds 100MB limit');
  });

  it('caps an image at 5 MB: exactly 5 MB passes, one byte more is refused', () => {
    expect(MEDIA_FILES.image.maxBytes).toBe(5 * MB);
    expect(checkMediaFile('image', { type: 'image/png', size: 5 * MB })).toBeNull();
    expect(checkMediaFile('image', { type: 'image/png', size: 5 * MB + 1 })).toBe('Image size should be less than 5MB');
  });

  it.each([
    'video/mp4',
    'video/quicktime',
    'video/x-msvideo',
    'video/x-ms-wmv',
    'video/webm',
    'video/x-matroska',
    'video/3gpp',
    'video/3gpp2',
  ])('accepts a %s video', (type) => {
    expect(checkMediaFile('video', { type, size: 0 })).toBeNull();
  });

  it.each(['image/png', 'audio/webm', 'text/plain', 'application/octet-stream', ''])(
    'refuses %p as a video with the spec message',
    (type) => {
      expect(checkMediaFile('video', { type, size: MB })).toBe('Please select a valid video file (MP4, MOV, AVI, WMV)');
    },
  );

  it.each(['image/jpeg', 'image/png', 'image/webp', 'image/gif'])('accepts a %s picture', (type) => {
    expect(checkMediaFile('image', { type, size: MB })).toBeNull();
  });

  it.each(['video/mp4', 'application/pdf', ''])('refuses %p as a picture with the spec message', (type) => {
    expect(checkMediaFile('image', { type, size: MB })).toBe('Please select an image file (JPEG, PNG, etc.)');
  });

  it('names the wrong type before the size', () => {
    expect(checkMediaFile('video', { type: 'audio/ogg', size: 200 * MB })).toBe(MEDIA_FILES.video.wrongTypeMessage);
    expect(checkMediaFile('image', { type: 'text/plain', size: 10 * MB })).toBe(MEDIA_FILES.image.wrongTypeMessage);
  });
});
