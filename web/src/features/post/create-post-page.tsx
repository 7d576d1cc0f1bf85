import { useCallback, useId, useMemo, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import type { Reference } from '@apollo/client';
import { useMutation, useQuery } from '@apollo/client/react';
import { CAPTION_FILES, MESSAGES, checkPostForm } from '@campus-clips/rules';
import { CreatePostAbilityDocument, CreatePostDocument, PostAsOrganizationsDocument } from '../../graphql/graphql';
import { OrganizationPicture } from '../../shared/components/organization-picture';
import { useAuth } from '../../shared/session/auth-context';
import { ErrorBox } from '../../shared/components/error-box';
import { fieldErrors, unverifiedMessage } from '../../shared/lib/graphql-error';
import { VerifyFirstNote } from '../../shared/components/verify-first-note';
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
  // Issue 25: the api decides who may post (viewerCan.post: no until the e-mail is verified); until
  // it answers, the token's own email_verified stands in for it.
  const ability = useQuery(CreatePostAbilityDocument, { skip: !currentUser });
  const mayPost = ability.data ? ability.data.viewerCan.post : Boolean(currentUser?.emailVerified);
  // Issue 26: officers may post as their organization ('Post as'); the api says which ones.
  const postAs = usePostAsChoices(Boolean(currentUser));
  const [searchParams] = useSearchParams();
  const [chosenOrganization, setChosenOrganization] = useState<string | null>(null);
  // An organization page's 'Post as …' link names it in the address (?as=<slug>) until another is chosen.
  const organizationId = chosenOrganization ?? postAs.find((organization) => organization.slug === searchParams.get('as'))?.id ?? '';

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
            ...(organizationId ? { organizationId } : {}),
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
          // Posted as an organization: its page's lists now start with it.
          const organization = organizationId ? cache.identify({ __typename: 'Organization', id: organizationId }) : undefined;
          if (organization) {
            cache.evict({ id: organization, fieldName: 'posts' });
            cache.evict({ id: organization, fieldName: 'upcomingEvents' });
          }
          if (created?.event) cache.evict({ id: 'ROOT_QUERY', fieldName: 'events' });
          cache.gc();
        },
      });
      navigate('/');
    } catch (error) {
      console.error('Failed to create post', error);
      setFieldProblems(fieldErrors(error));
      setFormError(unverifiedMessage(error) ?? 'Failed to create post. Please try again.');
    }
  }

  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="mb-6 text-2xl font-bold text-gray-900">Create New Post</h1>
      {currentUser && !mayPost ? (
        // Issue 25: posting waits for a verified e-mail; the banner above has the link and the check.
        <VerifyFirstNote action="post" />
      ) : (
        <form onSubmit={handleSubmit} noValidate className="space-y-5">
          {postAs.length > 0 && (
            <fieldset>
              <legend className="mb-1 block text-sm font-medium text-gray-900">Post as</legend>
              <div className="flex flex-wrap gap-2">
                {[
                  { id: '', name: currentUser?.displayName ? `Yourself (${currentUser.displayName})` : 'Yourself', photoURL: null },
                  ...postAs,
                ].map((choice) => (
                  <label
                    key={choice.id || 'self'}
                    className={`flex cursor-pointer items-center gap-2 rounded-md border px-3 py-2 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-indigo-500 ${
                      organizationId === choice.id
                        ? 'border-indigo-600 bg-indigo-50 text-indigo-900'
                        : 'border-gray-300 bg-white text-gray-800'
                    }`}
                  >
                    <input
                      type="radio"
                      name="post-as"
                      value={choice.id}
                      checked={organizationId === choice.id}
                      onChange={() => setChosenOrganization(choice.id)}
                      className="sr-only"
                    />
                    {choice.id && <OrganizationPicture photoURL={choice.photoURL} name={choice.name} size={24} decorative />}
                    <span className="font-medium">{choice.name}</span>
                  </label>
                ))}
              </div>
              {organizationId && (
                <p className="mt-1 text-xs text-gray-600">The post shows the organization&apos;s name, with yours underneath.</p>
              )}
              {fieldProblems.organizationId && <p className="mt-1 text-sm text-red-600">{fieldProblems.organizationId}</p>}
            </fieldset>
          )}

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
      )}
    </div>
  );
}

type PostAsChoice = { id: string; slug: string; name: string; photoURL: string | null };

/** The organizations the viewer may post as, in the order the api lists them. */
function usePostAsChoices(signedIn: boolean): PostAsChoice[] {
  const { data } = useQuery(PostAsOrganizationsDocument, { skip: !signedIn });
  return useMemo(
    () =>
      (data?.viewer?.organizations?.edges ?? [])
        .map((edge) => edge.node)
        .filter((organization) => organization.viewerCan.postAs)
        .map(({ id, slug, name, photoURL }) => ({ id, slug, name, photoURL: photoURL ?? null })),
    [data],
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
