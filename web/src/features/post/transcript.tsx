import { useId, useState } from 'react';
import type { CaptionTranscriptFieldsFragment } from '../../graphql/graphql';

type Track = CaptionTranscriptFieldsFragment['captionTracks'][number];

/** m:ss, as a clip of at most 3 minutes needs. */
function clock(seconds: number): string {
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A clip's transcript on its own page (issue 28): its captions as text, with the time of each
 * line, in the language chosen among its tracks. Plain text in the page, for screen readers,
 * search engines and anyone who prefers reading.
 */
export function Transcript({ tracks }: { tracks: readonly Track[] }) {
  const headingId = useId();
  const pickerId = useId();
  const [language, setLanguage] = useState(tracks[0]?.language ?? '');
  const track = tracks.find((candidate) => candidate.language === language) ?? tracks[0];
  if (!track) return null;
  return (
    <section aria-labelledby={headingId} className="mt-4 rounded-lg border border-gray-200 bg-white p-4">
      <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold text-gray-900">
          Transcript
        </h2>
        {tracks.length > 1 && (
          <div className="flex items-center gap-2 text-sm">
            <label htmlFor={pickerId} className="text-gray-800">
              Language
            </label>
            <select
              id={pickerId}
              value={track.language}
              onChange={(event) => setLanguage(event.target.value)}
              className="rounded-md border border-gray-300 bg-white px-2 py-1 text-gray-900"
            >
              {tracks.map((candidate) => (
                <option key={candidate.language} value={candidate.language}>
                  {candidate.label}
                </option>
              ))}
            </select>
          </div>
        )}
      </div>
      <ol lang={track.language} className="space-y-1 text-gray-900" data-testid="transcript">
        {track.cues.map((cue, index) => (
          <li key={index} className="flex gap-3">
            <time dateTime={`PT${cue.start.toFixed(3)}S`} className="w-10 shrink-0 text-sm tabular-nums text-gray-700">
              {clock(cue.start)}
            </time>
            <span className="whitespace-pre-line">{cue.text}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
