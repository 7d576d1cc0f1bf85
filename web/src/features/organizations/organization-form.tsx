import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '@apollo/client/react';
import { LIMITS, charCount, checkMediaFile } from '@campus-clips/rules';
import { CreateOrganizationDocument, UpdateOrganizationDocument, type OrganizationPageFieldsFragment } from '../../graphql/graphql';
import { ErrorBox } from '../../shared/components/error-box';
import { useTusUpload } from '../../shared/lib/tus-upload';
import { errorMessage, fieldErrors, rateLimitMessage, unverifiedMessage } from '../../shared/lib/graphql-error';
import { CATEGORIES, CATEGORY_LABELS, JOIN_MODE_LABELS } from './organization-labels';
import { OrganizationPicture } from '../../shared/components/organization-picture';
import { checkNewOrganization, checkOrganizationChanges, slugFromName, type OrganizationDraft } from './organization-form-check';

const FIELD =
  'w-full rounded-md border bg-white px-3 py-2 text-gray-900 focus:border-indigo-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500';
const fieldClass = (problem: string | undefined) => `${FIELD} ${problem ? 'border-red-500' : 'border-gray-300'}`;

export function FormFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-2xl px-4 py-6">
      <h1 className="mb-6 text-2xl font-bold text-gray-900">{title}</h1>
      {children}
    </div>
  );
}

/** The create form, or with `organization` the edit form (its address is fixed once made). */
export function OrganizationForm({ organization }: { organization?: OrganizationPageFieldsFragment }) {
  const editing = Boolean(organization);
  const navigate = useNavigate();
  const id = useId();
  const [draft, setDraft] = useState<OrganizationDraft>({
    name: organization?.name ?? '',
    slug: organization?.slug ?? '',
    description: organization?.description ?? '',
    category: organization?.category ?? '',
    joinMode: organization?.joinMode ?? 'OPEN',
  });
  // The address follows the name until the student types one of their own.
  const [slugTouched, setSlugTouched] = useState(editing);
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const upload = useTusUpload('image');
  const fileInput = useRef<HTMLInputElement>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  // Editing: the current picture taken away ('' tells the api to remove it).
  const [removePicture, setRemovePicture] = useState(false);
  const [createOrganization, creating] = useMutation(CreateOrganizationDocument);
  const [updateOrganization, updating] = useMutation(UpdateOrganizationDocument);
  const saving = creating.loading || updating.loading;
  const uploading = upload.status === 'uploading';

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  function change(next: Partial<OrganizationDraft>) {
    setDraft((current) => {
      const merged = { ...current, ...next };
      if (next.name !== undefined && !slugTouched) merged.slug = slugFromName(next.name);
      return merged;
    });
    setProblems((current) => {
      const rest = { ...current };
      for (const key of Object.keys(next)) delete rest[key];
      if (next.name !== undefined && !slugTouched) delete rest.slug;
      return rest;
    });
    setFormError(null);
  }

  function choosePicture(file: File | undefined) {
    setPhotoError(null);
    if (!file) return;
    const problem = checkMediaFile('image', file);
    if (problem) {
      setPhotoError(problem);
      return;
    }
    setRemovePicture(false);
    setPreviewUrl(URL.createObjectURL(file));
    upload.start(file);
  }

  async function handleSubmit(event: FormEvent) {
    event.preventDefault();
    setFormError(null);
    const checked = editing ? checkOrganizationChanges(draft) : checkNewOrganization(draft);
    if (!checked.ok) {
      setProblems(checked.problems);
      return;
    }
    setProblems({});
    const photoURL = upload.status === 'complete' && upload.mediaUrl ? upload.mediaUrl : removePicture ? '' : undefined;
    const { name, slug, description, category, joinMode } = checked.value;
    try {
      if (organization) {
        await updateOrganization({
          variables: {
            id: organization.id,
            input: { name, description, category, joinMode, ...(photoURL !== undefined ? { photoURL } : {}) },
          },
        });
        navigate(`/org/${encodeURIComponent(organization.slug)}`);
      } else {
        const { data } = await createOrganization({
          variables: { input: { name, slug, description, category, joinMode, ...(photoURL ? { photoURL } : {}) } },
          // The directory and the viewer's own organizations (Post as, the profile) now hold it.
          update(cache) {
            cache.evict({ id: 'ROOT_QUERY', fieldName: 'organizations' });
            cache.evict({ id: 'ROOT_QUERY', fieldName: 'viewer' });
            cache.gc();
          },
        });
        navigate(`/org/${encodeURIComponent(data?.createOrganization.slug ?? slug)}`);
      }
    } catch (error) {
      console.error('Failed to save the organization', error);
      const fields = fieldErrors(error);
      setProblems(fields);
      setFormError(
        unverifiedMessage(error) ??
          rateLimitMessage(error) ??
          (Object.keys(fields).length > 0
            ? 'Please check the fields above.'
            : errorMessage(
                error,
                editing ? 'Failed to save changes. Please try again.' : 'Failed to create the organization. Please try again.',
              )),
      );
    }
  }

  const describedBy = (field: string, hint?: string) =>
    [hint, problems[field] ? `${id}-${field}-error` : null].filter(Boolean).join(' ') || undefined;
  const problem = (field: string) =>
    problems[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm text-red-600">
        {problems[field]}
      </p>
    ) : null;
  const descriptionLength = charCount(draft.description);

  return (
    <form onSubmit={handleSubmit} noValidate className="space-y-5">
      <fieldset>
        <legend className="mb-2 block text-sm font-medium text-gray-900">Picture (optional)</legend>
        <div className="flex flex-wrap items-center gap-4">
          <OrganizationPicture
            photoURL={previewUrl ?? (removePicture ? null : organization?.photoURL)}
            name={draft.name || 'Organization'}
            size={72}
          />
          <div className="space-y-1">
            <input
              ref={fileInput}
              id={`${id}-picture`}
              type="file"
              accept="image/*"
              className="sr-only"
              tabIndex={-1}
              aria-label="Choose a picture"
              onChange={(event) => choosePicture(event.target.files?.[0])}
            />
            <button
              type="button"
              onClick={() => fileInput.current?.click()}
              className="rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-semibold text-gray-800 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
            >
              {previewUrl || (organization?.photoURL && !removePicture) ? 'Choose another picture' : 'Choose a picture'}
            </button>
            {organization?.photoURL && !previewUrl && !removePicture && (
              <button
                type="button"
                onClick={() => setRemovePicture(true)}
                className="ml-2 rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                Remove picture
              </button>
            )}
            {removePicture && <p className="text-xs text-gray-700">The picture goes when you save.</p>}
            <p className="text-xs text-gray-600">JPEG, PNG or GIF. Max size 5MB.</p>
            {uploading && (
              <div
                role="progressbar"
                aria-label="Picture upload"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={upload.progress}
                className="h-2 w-48 overflow-hidden rounded-full bg-gray-200"
              >
                <div className="h-full bg-indigo-600" style={{ width: `${upload.progress}%` }} />
              </div>
            )}
            {upload.status === 'complete' && <p className="text-xs text-green-800">Picture uploaded.</p>}
            {(photoError || upload.status === 'error') && (
              <p role="alert" className="text-sm text-red-600">
                {photoError ?? upload.error ?? 'Failed to upload the picture.'}
              </p>
            )}
            {problem('photoURL')}
          </div>
        </div>
      </fieldset>

      <div>
        <label htmlFor={`${id}-name`} className="mb-1 block text-sm font-medium text-gray-900">
          Name
        </label>
        <input
          id={`${id}-name`}
          type="text"
          value={draft.name}
          onChange={(event) => change({ name: event.target.value })}
          placeholder="e.g. Chess Club"
          autoComplete="off"
          aria-invalid={problems.name ? true : undefined}
          aria-describedby={describedBy('name')}
          className={fieldClass(problems.name)}
        />
        {problem('name')}
      </div>

      <div>
        <label htmlFor={`${id}-slug`} className="mb-1 block text-sm font-medium text-gray-900">
          Short address
        </label>
        <div className="flex items-stretch">
          <span
            aria-hidden="true"
            className="inline-flex items-center rounded-l-md border border-r-0 border-gray-300 bg-gray-50 px-3 text-sm text-gray-700"
          >
            /org/
          </span>
          <input
            id={`${id}-slug`}
            type="text"
            value={draft.slug}
            readOnly={editing}
            onChange={(event) => {
              setSlugTouched(true);
              change({ slug: event.target.value });
            }}
            placeholder="chess-club"
            autoComplete="off"
            autoCapitalize="none"
            spellCheck={false}
            aria-invalid={problems.slug ? true : undefined}
            aria-describedby={describedBy('slug', `${id}-slug-hint`)}
            className={`${fieldClass(problems.slug)} rounded-l-none ${editing ? 'bg-gray-50 text-gray-700' : ''}`}
          />
        </div>
        <p id={`${id}-slug-hint`} className="mt-1 text-xs text-gray-600">
          {editing
            ? 'The address stays the same, so links to the page keep working.'
            : `Your page's address: ${LIMITS.organizationSlug.min} to ${LIMITS.organizationSlug.max} lowercase letters, digits or hyphens.`}
        </p>
        {problem('slug')}
      </div>

      <div>
        <label htmlFor={`${id}-description`} className="mb-1 block text-sm font-medium text-gray-900">
          Description
        </label>
        <textarea
          id={`${id}-description`}
          rows={5}
          value={draft.description}
          onChange={(event) => change({ description: event.target.value })}
          placeholder="What does your organization do? When and where do you meet?"
          aria-invalid={problems.description ? true : undefined}
          aria-describedby={describedBy('description', `${id}-description-count`)}
          className={fieldClass(problems.description)}
        />
        <p
          id={`${id}-description-count`}
          className={`mt-1 text-right text-xs ${descriptionLength > LIMITS.organizationDescription ? 'text-red-600' : 'text-gray-600'}`}
        >
          {descriptionLength}/{LIMITS.organizationDescription}
        </p>
        {problem('description')}
      </div>

      <div>
        <label htmlFor={`${id}-category`} className="mb-1 block text-sm font-medium text-gray-900">
          Category
        </label>
        <select
          id={`${id}-category`}
          value={draft.category}
          onChange={(event) => change({ category: event.target.value as OrganizationDraft['category'] })}
          aria-invalid={problems.category ? true : undefined}
          aria-describedby={describedBy('category')}
          className={fieldClass(problems.category)}
        >
          <option value="">Choose a category</option>
          {CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {CATEGORY_LABELS[category]}
            </option>
          ))}
        </select>
        {problem('category')}
      </div>

      <fieldset aria-describedby={problems.joinMode ? `${id}-joinMode-error` : undefined}>
        <legend className="mb-1 block text-sm font-medium text-gray-900">Who can join</legend>
        <div className="space-y-2">
          {(['OPEN', 'REQUEST'] as const).map((mode) => (
            <label key={mode} className="grid grid-cols-[auto_1fr] gap-x-2 rounded-md border border-gray-200 bg-white p-3 text-sm">
              <input
                type="radio"
                name={`${id}-join-mode`}
                value={mode}
                checked={draft.joinMode === mode}
                onChange={() => change({ joinMode: mode })}
                className="mt-0.5"
              />
              <span className="font-medium text-gray-900">{JOIN_MODE_LABELS[mode].label}</span>
              <span className="col-start-2 text-gray-600">{JOIN_MODE_LABELS[mode].hint}</span>
            </label>
          ))}
        </div>
        {problem('joinMode')}
      </fieldset>

      {formError && <ErrorBox message={formError} />}

      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          disabled={saving || uploading}
          className="rounded-md bg-indigo-600 px-5 py-2.5 font-semibold text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:opacity-50"
        >
          {saving ? (editing ? 'Saving...' : 'Creating...') : editing ? 'Save changes' : 'Create organization'}
        </button>
        <Link
          to={organization ? `/org/${encodeURIComponent(organization.slug)}` : '/organizations'}
          className="rounded-md px-3 py-2 text-sm font-medium text-gray-700 hover:bg-gray-100 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
        >
          Cancel
        </Link>
        {uploading && <p className="text-sm text-gray-600">Waiting for the picture to upload...</p>}
      </div>
    </form>
  );
}
