import * as z from 'zod/mini';
import { atMostChars } from './characters';
import { checkField } from './check';
import { checkForm, type FormChecked } from './form';
import { singleLineText, textMessages } from './text';

/**
 * Caption tracks (issue 28): a WebVTT or SubRip file a clip's author adds, in one language each.
 * These are the checks a form can make before sending (the file's name and size, the language tag
 * and the label); the api parses the file itself (modules/caption-tracks/caption-file.ts) and
 * answers what is wrong inside it.
 */
export const CAPTION_FILES = {
  /** 200 KB: a three-minute clip's captions are a few KB; this leaves room for several scripts and styling tags. */
  maxBytes: 200 * 1024,
  /** What the file picker offers; SubRip is converted to WebVTT on the server. */
  extensions: ['.vtt', '.srt'],
  accept: '.vtt,.srt,text/vtt,application/x-subrip',
  /** Languages one clip may have captions in. */
  maxTracks: 8,
  /** The longest label (what the CC menu shows: 'English', 'Español (México)'). */
  maxLabel: 60,
  tooLargeMessage: 'Caption files can be at most 200 KB.',
  wrongTypeMessage: 'Please choose a caption file in WebVTT (.vtt) or SubRip (.srt) format.',
  languageMessage: 'Please choose the language of the captions.',
  labelLongMessage: 'A caption label can be at most 60 characters.',
  tooManyMessage: 'A clip can have captions in at most 8 languages.',
  duplicateMessage: 'Each language can have one caption file; this one is listed twice.',
} as const;

/**
 * A BCP 47 language tag in its canonical form ('EN-gb' → 'en-GB', 'eng' → 'en'), or null when it
 * is not one. `Intl` knows the registry's rules in the browser and in Node alike.
 */
export function canonicalLanguageTag(tag: string): string | null {
  const trimmed = tag.trim();
  if (!trimmed || trimmed.length > 35) return null;
  try {
    const tag = Intl.getCanonicalLocales(trimmed)[0] ?? null;
    // The syntax allows 5-8 letter primary subtags ('english' parses), which no language uses:
    // ISO 639's two or three letters only.
    return tag && /^[a-z]{2,3}(-|$)/.test(tag) ? tag : null;
  } catch {
    return null;
  }
}

/** The language's name in English ('pt-BR' → 'Brazilian Portuguese'), the label a track gets when none is given. */
export function languageName(tag: string): string {
  if (tag === 'und') return 'Captions';
  try {
    const name = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' }).of(tag);
    return name && name !== 'root' ? name : tag;
  } catch {
    return tag;
  }
}

const languageSchema = z.pipe(
  z.string(),
  z.transform((value: string, context) => {
    const tag = canonicalLanguageTag(value);
    if (tag === null) context.issues.push({ code: 'custom', message: CAPTION_FILES.languageMessage, input: value });
    return tag ?? '';
  }),
);

const labelSchema = z
  .string()
  .check(z.trim(), singleLineText(textMessages('Caption label')), atMostChars(CAPTION_FILES.maxLabel, CAPTION_FILES.labelLongMessage));

/** A caption track's language and label: the label defaults to the language's name. */
export function checkCaptionTrackForm(form: { language: string; label?: string | null }): FormChecked<{ language: string; label: string }> {
  const checked = checkForm({
    language: checkField(languageSchema, form.language ?? ''),
    label: checkField(labelSchema, form.label ?? ''),
  });
  if (!checked.ok) return checked;
  return { ok: true, value: { language: checked.value.language, label: checked.value.label || languageName(checked.value.language) } };
}

/** The message a chosen caption file gets (its name's extension, then its size), or null when it may be sent. */
export function checkCaptionFile(file: { name: string; size: number }): string | null {
  const name = file.name.toLowerCase();
  if (!CAPTION_FILES.extensions.some((extension) => name.endsWith(extension))) return CAPTION_FILES.wrongTypeMessage;
  if (file.size > CAPTION_FILES.maxBytes) return CAPTION_FILES.tooLargeMessage;
  return null;
}
