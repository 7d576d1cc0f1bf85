import { CAPTION_FILES, canonicalLanguageTag, checkCaptionFile, checkCaptionTrackForm, languageName } from './caption-track';

describe('caption tracks (issue 28)', () => {
  it('takes BCP 47 language tags in their canonical form and refuses anything else', () => {
    expect(canonicalLanguageTag('EN-gb')).toBe('en-GB');
    expect(canonicalLanguageTag('eng')).toBe('en');
    expect(canonicalLanguageTag('zh-Hant-TW')).toBe('zh-Hant-TW');
    for (const bad of ['', 'english', 'en_GB!', 'x', '<script>', 'a'.repeat(40)]) expect(canonicalLanguageTag(bad)).toBeNull();
  });

  it('labels a track with its language name unless the author gave a label', () => {
    expect(checkCaptionTrackForm({ language: 'pt-br', label: '' })).toEqual({
      ok: true,
      value: { language: 'pt-BR', label: 'Brazilian Portuguese' },
    });
    expect(checkCaptionTrackForm({ language: 'es', label: ' Español ' })).toEqual({
      ok: true,
      value: { language: 'es', label: 'Español' },
    });
    expect(languageName('und')).toBe('Captions');
  });

  it('refuses a bad language, a long label and a label over two lines, by field', () => {
    expect(checkCaptionTrackForm({ language: 'klingon!', label: 'x'.repeat(61) })).toEqual({
      ok: false,
      problems: { language: CAPTION_FILES.languageMessage, label: CAPTION_FILES.labelLongMessage },
    });
    expect(checkCaptionTrackForm({ language: 'en', label: 'two\nlines' })).toEqual({
      ok: false,
      problems: { label: 'Caption label must be on one line' },
    });
  });

  it('accepts .vtt and .srt files up to 200 KB', () => {
    expect(checkCaptionFile({ name: 'talk.VTT', size: 200 * 1024 })).toBeNull();
    expect(checkCaptionFile({ name: 'talk.srt', size: 10 })).toBeNull();
    expect(checkCaptionFile({ name: 'talk.srt', size: 200 * 1024 + 1 })).toBe(CAPTION_FILES.tooLargeMessage);
    expect(checkCaptionFile({ name: 'talk.html', size: 10 })).toBe(CAPTION_FILES.wrongTypeMessage);
  });
});
