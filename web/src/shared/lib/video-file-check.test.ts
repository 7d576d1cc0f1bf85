import { ACCEPTED_VIDEO_TYPES, checkVideoFile, formatMegabytes } from './video-file-check';

const MB = 1024 * 1024;

describe('checkVideoFile', () => {
  it.each(['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/x-ms-wmv'])('accepts %s', (type) => {
    expect(checkVideoFile({ type, size: 5 * MB })).toBeNull();
  });

  // What browsers name the recordings of Android's screen recorder and MediaRecorder (WebM), OBS
  // and Chrome's MKV recording (Matroska), and older phones (3GP, 3G2).
  it.each([
    ['screen-recording.webm', 'video/webm'],
    ['stream.mkv', 'video/x-matroska'],
    ['old-phone.3gp', 'video/3gpp'],
    ['old-phone.3g2', 'video/3gpp2'],
  ])('accepts %s (%s)', (name, type) => {
    expect(checkVideoFile(new File(['x'], name, { type }))).toBeNull();
  });

  it.each(['image/png', 'audio/webm', 'text/plain', ''])('refuses %p with the spec message', (type) => {
    expect(checkVideoFile({ type, size: MB })).toBe('Please select a valid video file (MP4, MOV, AVI, WMV)');
  });

  it('offers every accepted type, and nothing else, in the file picker', () => {
    expect(ACCEPTED_VIDEO_TYPES).toEqual([
      'video/mp4',
      'video/quicktime',
      'video/x-msvideo',
      'video/x-ms-wmv',
      'video/webm',
      'video/x-matroska',
      'video/3gpp',
      'video/3gpp2',
    ]);
  });

  it('allows exactly 100 MB and refuses one byte more', () => {
    expect(checkVideoFile({ type: 'video/mp4', size: 100 * MB })).toBeNull();
    expect(checkVideoFile({ type: 'video/mp4', size: 100 * MB + 1 })).toBe('File size exceeds 100MB limit');
  });

  it('formats sizes in MB', () => {
    expect(formatMegabytes(1.5 * MB)).toBe('1.50 MB');
  });
});
