import { useEffect, useId, useState } from 'react';
import { CAPTION_FILES, checkCaptionFile, languageName } from '@campus-clips/rules';
import { useTusUpload } from '../../shared/lib/tus-upload';

/** A caption file chosen and uploaded, with its language and label: what createPost and addCaptionTrack take. */
export interface CaptionTrackDraft {
  language: string;
  label: string;
  fileUrl: string;
}

/** The languages offered first; the api takes any BCP 47 tag. */
const LANGUAGES = [
  'en',
  'es',
  'fr',
  'de',
  'it',
  'pt',
  'pt-BR',
  'nl',
  'sv',
  'pl',
  'tr',
  'ru',
  'uk',
  'ar',
  'he',
  'hi',
  'bn',
  'ur',
  'zh-Hans',
  'zh-Hant',
  'ja',
  'ko',
  'vi',
  'id',
  'sw',
];

/** The browser's language when it is offered, else English. */
function defaultLanguage(): string {
  const wanted = typeof navigator === 'undefined' ? 'en' : (navigator.language ?? 'en');
  return LANGUAGES.find((tag) => tag.toLowerCase() === wanted.toLowerCase()) ?? LANGUAGES.find((tag) => wanted.startsWith(tag)) ?? 'en';
}

/**
 * One caption file (issue 28): its language, an optional label, and the file (WebVTT or SubRip),
 * uploaded as soon as it is chosen so the server's verdict (a malformed line, markup, a size)
 * shows at once. `onChange` gets the draft once the upload is finished (null until then).
 */
export function CaptionFileField({
  onChange,
  onRemove,
  removeLabel = 'Remove these captions',
}: {
  onChange: (draft: CaptionTrackDraft | null) => void;
  onRemove?: () => void;
  removeLabel?: string;
}) {
  const languageId = useId();
  const labelId = useId();
  const fileId = useId();
  const statusId = useId();
  const [language, setLanguage] = useState(defaultLanguage);
  const [label, setLabel] = useState('');
  const [localError, setLocalError] = useState<string | null>(null);
  const upload = useTusUpload('caption');

  useEffect(() => {
    onChange(upload.status === 'complete' && upload.mediaUrl ? { language, label: label.trim(), fileUrl: upload.mediaUrl } : null);
  }, [upload.status, upload.mediaUrl, language, label, onChange]);

  const problem = localError ?? upload.error;
  return (
    <fieldset className="space-y-3 rounded-md border border-gray-300 p-3">
      <legend className="px-1 text-sm font-medium text-gray-900">Captions</legend>
      <div className="flex flex-wrap gap-3">
        <div>
          <label htmlFor={languageId} className="mb-1 block text-sm text-gray-800">
            Language
          </label>
          <select
            id={languageId}
            value={language}
            onChange={(event) => setLanguage(event.target.value)}
            className="rounded-md border border-gray-300 bg-white px-2 py-2 text-gray-900"
          >
            {LANGUAGES.map((tag) => (
              <option key={tag} value={tag}>
                {languageName(tag)}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-40 flex-1">
          <label htmlFor={labelId} className="mb-1 block text-sm text-gray-800">
            Label (optional)
          </label>
          <input
            id={labelId}
            type="text"
            value={label}
            maxLength={CAPTION_FILES.maxLabel}
            onChange={(event) => setLabel(event.target.value)}
            placeholder={languageName(language)}
            className="w-full rounded-md border border-gray-300 px-3 py-2 text-gray-900"
          />
        </div>
      </div>
      <div>
        <label htmlFor={fileId} className="mb-1 block text-sm text-gray-800">
          Caption file (WebVTT .vtt or SubRip .srt, up to 200 KB)
        </label>
        <input
          id={fileId}
          type="file"
          accept={CAPTION_FILES.accept}
          aria-describedby={statusId}
          aria-invalid={Boolean(problem)}
          onChange={(event) => {
            const file = event.target.files?.[0];
            setLocalError(null);
            if (!file) return upload.reset();
            const refusal = checkCaptionFile(file);
            if (refusal) {
              upload.reset();
              setLocalError(refusal);
              return;
            }
            upload.start(file);
          }}
          className="block w-full text-sm text-gray-800 file:mr-3 file:rounded-md file:border-0 file:bg-indigo-600 file:px-3 file:py-2 file:text-white"
        />
        <p id={statusId} role={problem ? 'alert' : 'status'} className={`mt-1 text-sm ${problem ? 'text-red-600' : 'text-gray-700'}`}>
          {problem ??
            (upload.status === 'uploading' ? 'Checking the caption file…' : upload.status === 'complete' ? 'Caption file ready' : '')}
        </p>
      </div>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          className="rounded-md px-2 py-1 text-sm font-medium text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          {removeLabel}
        </button>
      )}
    </fieldset>
  );
}
