import { useEffect, useId, useRef, useState, type ChangeEvent, type DragEvent, type KeyboardEvent } from 'react';
import { useTusUpload } from '../lib/tus-upload';
import { checkVideoFile, checkVideoPreview, formatMegabytes, ACCEPTED_VIDEO_TYPES } from '../lib/video-file-check';
import { ErrorBox } from './error-box';

type VideoUploadAreaProps = {
  /** Told the finished upload's media URL, or null when the upload is cleared. */
  onUploaded: (mediaUrl: string | null) => void;
};

/**
 * Drag-and-drop or click to choose a video, check it, upload it resumably with progress, then
 * show a playable preview (spec §2 "Video upload area", §4 "Video upload", §5).
 */
export function VideoUploadArea({ onUploaded }: VideoUploadAreaProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [checkError, setCheckError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const upload = useTusUpload('video');

  // Preview the local file (instant, no extra download): the object URL is made where the file is
  // chosen, and released once it is replaced or the area goes away.
  function showFile(next: File | null) {
    setFile(next);
    setPreviewUrl(next && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(next) : null);
  }

  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );

  useEffect(() => {
    onUploaded(upload.status === 'complete' ? upload.mediaUrl : null);
  }, [upload.status, upload.mediaUrl, onUploaded]);

  function choose(candidate: File | undefined) {
    if (!candidate) return;
    upload.reset();
    const problem = checkVideoFile(candidate);
    if (problem) {
      showFile(null);
      setCheckError(problem);
      return;
    }
    setCheckError(null);
    showFile(candidate);
  }

  // The preview's metadata gives the length and picture size the browser reads: a clip the server
  // would refuse (over 3 minutes, larger than 4K) is refused here with the same words, before upload.
  function checkPreview(video: HTMLVideoElement) {
    const problem = checkVideoPreview(video);
    if (!problem) return;
    upload.reset();
    showFile(null);
    setCheckError(problem);
    if (inputRef.current) inputRef.current.value = '';
  }

  function clear() {
    upload.reset();
    showFile(null);
    setCheckError(null);
    if (inputRef.current) inputRef.current.value = '';
  }

  function handleDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files?.[0]);
  }

  function openPicker(event: KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      inputRef.current?.click();
    }
  }

  const busy = upload.status === 'uploading';
  const complete = upload.status === 'complete';

  return (
    <div className="space-y-3">
      <div
        role="button"
        tabIndex={0}
        aria-describedby={`${inputId}-hint`}
        onClick={() => inputRef.current?.click()}
        onKeyDown={openPicker}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={handleDrop}
        className={`flex cursor-pointer flex-col items-center justify-center rounded-lg border-2 border-dashed px-4 py-8 text-center focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 ${
          dragging ? 'border-indigo-500 bg-indigo-50' : 'border-gray-300 bg-white hover:bg-gray-50'
        }`}
      >
        <span className="font-medium text-gray-900">Drag and drop a video here, or click to choose a file</span>
        <span id={`${inputId}-hint`} className="mt-1 text-sm text-gray-600">
          MP4, MOV, AVI, WMV, WebM, MKV or 3GP, up to 100 MB and 3 minutes
        </span>
      </div>
      <label htmlFor={inputId} className="sr-only">
        Choose a video file
      </label>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={ACCEPTED_VIDEO_TYPES.join(',')}
        className="sr-only"
        tabIndex={-1}
        onChange={(event: ChangeEvent<HTMLInputElement>) => choose(event.target.files?.[0])}
      />

      {checkError && <ErrorBox message={checkError} />}

      {file && (
        <div className="space-y-3 rounded-lg border border-gray-200 bg-white p-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <div className="min-w-0">
              <p className="truncate font-medium text-gray-900" data-testid="upload-file-name">
                {file.name}
              </p>
              <p className="text-sm text-gray-600">{formatMegabytes(file.size)}</p>
            </div>
            <div className="flex gap-2">
              {(upload.status === 'idle' || upload.status === 'error') && (
                <button
                  type="button"
                  onClick={() => upload.start(file)}
                  className="rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500 focus-visible:ring-offset-2"
                >
                  Upload Video
                </button>
              )}
              <button
                type="button"
                onClick={clear}
                aria-label="Clear selected video"
                className="rounded-md border border-gray-300 px-3 py-2 text-sm text-gray-700 hover:bg-gray-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
              >
                Clear
              </button>
            </div>
          </div>

          {busy && (
            <div>
              <p className="mb-1 text-sm text-gray-700" aria-live="polite">
                Uploading: {upload.progress}%
              </p>
              <div
                role="progressbar"
                aria-label="Upload progress"
                aria-valuemin={0}
                aria-valuemax={100}
                aria-valuenow={upload.progress}
                className="h-2 w-full overflow-hidden rounded bg-gray-200"
              >
                <div className="h-full bg-indigo-600 transition-[width]" style={{ width: `${upload.progress}%` }} />
              </div>
            </div>
          )}
          {complete && (
            <div role="status" className="text-sm text-green-700">
              <p className="font-medium">Upload complete</p>
              <p>Video uploaded successfully</p>
            </div>
          )}
          {upload.status === 'error' && <ErrorBox message={upload.error ?? 'Failed to upload video. Please try again.'} />}

          {previewUrl && (
            // The student's own file before posting: its captions are chosen below and added with the post.
            // eslint-disable-next-line jsx-a11y/media-has-caption
            <video
              src={previewUrl}
              controls
              preload="metadata"
              onLoadedMetadata={(event) => checkPreview(event.currentTarget)}
              playsInline
              aria-label="Preview of the selected video"
              className="max-h-80 w-full rounded-md bg-black"
            />
          )}
        </div>
      )}
    </div>
  );
}
