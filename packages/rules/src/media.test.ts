import { checkMediaFile, checkVideoMetadata, MEDIA_FILES } from './media';

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

describe('video length and picture (a short-video app)', () => {
  const tooLong = 'This video is longer than 3 minutes. Please choose a shorter clip.';
  const tooLarge = 'This video’s picture is larger than 4K (4096×2160). Please choose a smaller video.';

  it('takes a clip of up to 3 minutes and refuses one a moment longer', () => {
    expect(checkVideoMetadata({ duration: 180, width: 1080, height: 1920 })).toBeNull();
    expect(checkVideoMetadata({ duration: 180.5, width: 1080, height: 1920 })).toBe(tooLong);
  });

  it('leaves a length the browser cannot tell to the server', () => {
    for (const duration of [null, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(checkVideoMetadata({ duration, width: 640, height: 360 })).toBeNull();
    }
  });

  it('takes 4K either way up (UHD and DCI) and refuses anything larger', () => {
    for (const [width, height] of [
      [3840, 2160],
      [2160, 3840],
      [4096, 2160],
      [2160, 4096],
    ] as const) {
      expect(checkVideoMetadata({ duration: 3, width, height })).toBeNull();
    }
    for (const [width, height] of [
      [4096, 4096],
      [4097, 2160],
      [2160, 4097],
      [3840, 2161],
      [5000, 16],
    ] as const) {
      expect([width, height, checkVideoMetadata({ duration: 3, width, height })]).toEqual([width, height, tooLarge]);
    }
  });
});
