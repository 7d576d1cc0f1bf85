import { useCallback, useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { Reference } from '@apollo/client';
import { useMutation } from '@apollo/client/react';
import { CAPTION_FILES, MESSAGES, checkPostForm } from '@campus-clips/rules';
import { CreatePostDocument } from '../../graphql/graphql';
import { useAuth } from '../../shared/session/auth-context';
import { ErrorBox } from '../../shared/components/error-box';
import { fieldErrors } from '../../shared/lib/graphql-error';
import { VideoUploadArea } from '../../shared/components/video-upload-area';
import { MentionField } from '../mentions';
import { EventFields, checkEventDraft, emptyEventDraft } from '../events';
import { CaptionFileField, type CaptionTrackDraft } from './caption-file-field';

/** What the form says when a chosen caption file has not finished uploading (or was refused). */
const CAPTIONS_NOT_READY = 'A caption file is not ready yet: wait for it to be checked, or remove it.';

/** /create-post: upload a video, add a caption and tags, publish. */
export default function CreatePostPage() {
  const navigate = useNavigate();
  const { currentUser } = useAuth();
  const captionId = useId();
  const tagsId = useId();
  const [videoUrl, setVideoUrl] = useState<string | null>(null);
  const [caption, setCaption] = useState('');
  // The ids of the people mentioned whose '@Name' is in the caption (the field keeps this up to date).
  const [captionMentions, setCaptionMentions] = useState<string[]>([]);
  const [tagsText, setTagsText] = useState('');
  // The optional event this post announces (issue 18); kept as typed when anything fails.
  const [eventDraft, setEventDraft] = useState(emptyEventDraft);
  // Caption files (issue 28): one row per language, each uploaded as soon as it is chosen.
  const [captionRows, setCaptionRows] = useState<Array<{ key: number; draft: CaptionTrackDraft | null }>>([]);
  const [nextRowKey, setNextRowKey] = useState(0);
  const setCaptionDraft = useCallback(
    (key: number, draft: CaptionTrackDraft | null) => setCaptionRows((rows) => rows.map((row) => (row.key === key ? { key, draft } : row))),
    [],
  );
  const [formError, setFormError] = useState<string | null>(null);
  const [fieldProblems, setFieldProblems] = useState<Record<string, string>>({});
  const [createPost, { loading: creating }] = useMutation(CreatePostDocument);

  const handleUploaded = useCallback((url: string | null) => setVideoUrl(url), []);

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    setFieldProblems({});
    if (!videoUrl) {
      setFormError(MESSAGES.videoMissing);
      return;
    }
    // The api's own rules (@campus-clips/rules): what passes here, the server takes.
    const checked = checkPostForm({ caption, tags: tagsText, mentions: captionMentions });
    const checkedEvent = checkEventDraft(eventDraft, caption);
    const captionTracks = captionRows.map((row) => row.draft);
    if (!checked.ok || !checkedEvent.ok || captionTracks.some((draft) => draft === null)) {
      setFieldProblems({
        ...(checked.ok ? {} : checked.problems),
        ...(checkedEvent.ok ? {} : checkedEvent.problems),
        ...(captionTracks.some((draft) => draft === null) ? { captionTracks: CAPTIONS_NOT_READY } : {}),
      });
      return;
    }
    try {
      await createPost({
        variables: {
          input: {
            videoUrl,
            caption: checked.value.caption,
            tags: checked.value.tags,
            // The api's default is none: the field is sent only when someone is mentioned.
            ...(checked.value.mentions.length > 0 ? { mentions: checked.value.mentions } : {}),
            ...(checkedEvent.value ? { event: checkedEvent.value } : {}),
            ...(captionTracks.length > 0 ? { captionTracks: captionTracks as CaptionTrackDraft[] } : {}),
          },
        },
        update(cache, { data }) {
          const created = data?.createPost;
          if (created) {
            // Home includes the student's own posts (D14): put the new one on top of the loaded
            // feed, so '/' shows it at once. Its cursor stays blank: nothing pages after the top.
            cache.modify({
              fields: {
                homeFeed(existing, { readField, toReference }) {
                  const feed = existing as { edges?: Array<{ node: Reference }> } | undefined;
                  const node = toReference(created);
                  if (!feed?.edges || !node || feed.edges.some((edge) => readField('id', edge.node) === created.id)) return existing;
                  return { ...feed, edges: [{ __typename: 'PostEdge', cursor: '', node }, ...feed.edges] };
                },
              },
            });
          }
          // The new post belongs at the top of the author's profile; let those lists refetch.
          if (currentUser) {
            const author = cache.identify({ __typename: 'User', id: currentUser.uid });
            if (author) {
              cache.evict({ id: author, fieldName: 'posts' });
              cache.modify({ id: author, fields: { postCount: (count) => (typeof count === 'number' ? count + 1 : count) } });
            }
          }
          cache.evict({ id: 'ROOT_QUERY', fieldName: 'postsByTag' });
          if (created?.event) cache.evict({ id: 'ROOT_QUERY', fieldName: 'events' });
          cache.gc();
        },
      });
      navigate('/');
    } catch (error) {
      console.error('Failed to create post', error);
      setFieldProblems(fieldErrors(error));
      setFormError('Failed to create post. Please try again.');
    }
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="mb-6 text-2xl font-bold text-gray-900">Create New Post</h1>
      <form onSubmit={handleSubmit} noValidate className="space-y-5">
        <VideoUploadArea onUploaded={handleUploaded} />
        {fieldProblems.videoUrl && <p className="text-sm text-red-600">{fieldProblems.videoUrl}</p>}

        <div>
          <label htmlFor={captionId} className="mb-1 block text-sm font-medium text-gray-900">
            Caption
          </label>
          <MentionField
            multiline
            id={captionId}
            value={caption}
            onChange={(next) => {
              setCaption(next.text);
              setCaptionMentions(next.mentions);
            }}
            placeholder="Write a caption for your video..."
            rows={4}
            aria-invalid={Boolean(fieldProblems.caption ?? fieldProblems.mentions)}
            className="w-full rounded-md border border-gray-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          />
          {/* The people mentioned are part of the caption: too many is said under it. */}
          {(fieldProblems.caption ?? fieldProblems.mentions) && (
            <p className="mt-1 text-sm text-red-600">{fieldProblems.caption ?? fieldProblems.mentions}</p>
          )}
        </div>

        <div>
          <label htmlFor={tagsId} className="mb-1 block text-sm font-medium text-gray-900">
            Tags
          </label>
          <input
            id={tagsId}
            type="text"
            value={tagsText}
            onChange={(event) => setTagsText(event.target.value)}
            placeholder="Add tags separated by commas (e.g. fun, campus, event)"
            aria-invalid={Boolean(fieldProblems.tags)}
            className="w-full rounded-md border border-gray-300 px-3 py-2 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          />
          {fieldProblems.tags && <p className="mt-1 text-sm text-red-600">{fieldProblems.tags}</p>}
        </div>

        <EventFields draft={eventDraft} onChange={setEventDraft} caption={caption} problems={fieldProblems} />

        <div className="space-y-3">
          {captionRows.map((row) => (
            <CaptionRow
              key={row.key}
              rowKey={row.key}
              onChange={setCaptionDraft}
              onRemove={() => setCaptionRows((rows) => rows.filter((other) => other.key !== row.key))}
            />
          ))}
          {captionRows.length < CAPTION_FILES.maxTracks && (
            <button
              type="button"
              onClick={() => {
                setCaptionRows((rows) => [...rows, { key: nextRowKey, draft: null }]);
                setNextRowKey((key) => key + 1);
              }}
              className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {captionRows.length ? 'Add captions in another language' : 'Add captions'}
            </button>
          )}
          {fieldProblems.captionTracks && <p className="text-sm text-red-600">{fieldProblems.captionTracks}</p>}
        </div>

        {formError && <ErrorBox message={formError} />}

        <button
          type="submit"
          disabled={!videoUrl || creating}
          className="w-full rounded-md bg-indigo-600 px-4 py-3 font-semibold text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50 sm:w-auto"
        >
          {creating ? 'Creating Post...' : 'Create Post'}
        </button>
        {!videoUrl && !formError && <p className="text-sm text-gray-600">{MESSAGES.videoMissing}</p>}
      </form>
    </div>
  );
}

/** One caption row of the form, reporting its draft under its key. */
function CaptionRow({
  rowKey,
  onChange,
  onRemove,
}: {
  rowKey: number;
  onChange: (key: number, draft: CaptionTrackDraft | null) => void;
  onRemove: () => void;
}) {
  const report = useCallback((draft: CaptionTrackDraft | null) => onChange(rowKey, draft), [onChange, rowKey]);
  return <CaptionFileField onChange={report} onRemove={onRemove} />;
}
