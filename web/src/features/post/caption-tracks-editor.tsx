import { useCallback, useId, useState } from 'react';
import { useMutation } from '@apollo/client/react';
import { AddCaptionTrackDocument, RemoveCaptionTrackDocument, type CaptionTranscriptFieldsFragment } from '../../graphql/graphql';
import { errorMessage, fieldErrors } from '../../shared/lib/graphql-error';
import { CaptionFileField, type CaptionTrackDraft } from './caption-file-field';

type Track = CaptionTranscriptFieldsFragment['captionTracks'][number];

/**
 * The author's captions on their clip's page (issue 28; shown when the api answers
 * viewerCan.editCaptions): each track with Remove, and a file to add (in a language the clip has,
 * it replaces that track).
 */
export function CaptionTracksEditor({ postId, tracks }: { postId: string; tracks: readonly Track[] }) {
  const headingId = useId();
  const [draft, setDraft] = useState<CaptionTrackDraft | null>(null);
  const [fieldKey, setFieldKey] = useState(0);
  const [message, setMessage] = useState<{ text: string; tone: 'error' | 'info' } | null>(null);
  const [add, { loading: adding }] = useMutation(AddCaptionTrackDocument);
  const [remove, { loading: removing }] = useMutation(RemoveCaptionTrackDocument);
  const onDraft = useCallback((next: CaptionTrackDraft | null) => setDraft(next), []);

  async function addDraft() {
    if (!draft) return;
    setMessage(null);
    try {
      await add({ variables: { postId, track: draft } });
      setDraft(null);
      setFieldKey((key) => key + 1);
      setMessage({ text: 'Captions added', tone: 'info' });
    } catch (error) {
      setMessage({
        text: fieldErrors(error).captionTracks ?? errorMessage(error, 'Failed to add the captions. Please try again.'),
        tone: 'error',
      });
    }
  }

  async function removeTrack(track: Track) {
    setMessage(null);
    try {
      await remove({ variables: { postId, language: track.language } });
      setMessage({ text: `Captions removed: ${track.label}`, tone: 'info' });
    } catch (error) {
      setMessage({ text: errorMessage(error, 'Failed to remove the captions. Please try again.'), tone: 'error' });
    }
  }

  return (
    <section aria-labelledby={headingId} className="mt-4 space-y-3 rounded-lg border border-gray-200 bg-white p-4">
      <h2 id={headingId} className="text-lg font-semibold text-gray-900">
        Your captions
      </h2>
      {tracks.length > 0 ? (
        <ul className="space-y-2">
          {tracks.map((track) => (
            <li key={track.language} className="flex items-center justify-between gap-3">
              <span className="text-gray-900">
                {track.label}{' '}
                <span className="text-sm text-gray-700">({track.source === 'CLIP' ? "from the clip's own subtitles" : 'uploaded'})</span>
              </span>
              <button
                type="button"
                disabled={removing}
                onClick={() => void removeTrack(track)}
                aria-label={`Remove captions: ${track.label}`}
                className="rounded-md px-2 py-1 text-sm font-medium text-red-700 hover:bg-red-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-50"
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-gray-700">This clip has no captions yet.</p>
      )}
      <CaptionFileField key={fieldKey} onChange={onDraft} />
      <button
        type="button"
        disabled={!draft || adding}
        onClick={() => void addDraft()}
        className="rounded-md bg-indigo-600 px-4 py-2 font-semibold text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
      >
        {adding ? 'Adding captions…' : 'Add captions'}
      </button>
      <p
        role={message?.tone === 'error' ? 'alert' : 'status'}
        className={`text-sm ${message?.tone === 'error' ? 'text-red-600' : 'text-green-700'}`}
      >
        {message?.text ?? ''}
      </p>
    </section>
  );
}
