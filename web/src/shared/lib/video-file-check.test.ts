import { checkVideoFile, formatMegabytes } from './video-file-check';

const MB = 1024 * 1024;

describe('checkVideoFile', () => {
  it.each(['video/mp4', 'video/quicktime', 'video/x-msvideo', 'video/x-ms-wmv'])('accepts %s', (type) => {
    expect(checkVideoFile({ type, size: 5 * MB })).toBeNull();
  });

  it.each(['video/webm', 'image/png', ''])('refuses %p with the spec message', (type) => {
    expect(checkVideoFile({ type, size: MB })).toBe('Please select a valid video file (MP4, MOV, AVI, WMV)');
  });

  it('allows exactly 100 MB and refuses one byte more', () => {
    expect(checkVideoFile({ type: 'video/mp4', size: 100 * MB })).toBeNull();
    expect(checkVideoFile({ type: 'video/mp4', size: 100 * MB + 1 })).toBe('File size exceeds 100MB limit');
  });

  it('formats sizes in MB', () => {
    expect(formatMegabytes(1.5 * MB)).toBe('1.50 MB');
  });
});
