import { useCallback, useEffect, useRef, useState } from 'react';
import { Upload, type DetailedError } from 'tus-js-client';
import { useAuth } from '../session/auth-context';

export type UploadKind = 'video' | 'image' | 'caption';
export type UploadStatus = 'idle' | 'uploading' | 'complete' | 'error';

const GENERIC_FAILURE: Record<UploadKind, string> = {
  video: 'Failed to upload video. Please try again.',
  image: 'Failed to upload image. Please try again.',
  caption: 'Failed to upload the caption file. Please try again.',
};

// Waits between automatic retries of a failed chunk; the upload resumes from the last byte the
// server acknowledged, so a flaky connection costs only the interrupted chunk.
const RETRY_DELAYS_MS = [0, 1000, 3000, 5000, 10000];

function uploadEndpoint(): string {
  // tus-js-client resolves the Location header against the endpoint, so give it an absolute URL.
  return new URL('/uploads', window.location.origin).toString();
}

/** A 4xx answer means the server refused this upload; retrying would only be refused again. */
function isRefusal(error: Error | DetailedError): boolean {
  const status = (error as DetailedError).originalResponse?.getStatus() ?? 0;
  return status >= 400 && status < 500 && status !== 409 && status !== 423;
}

/** The server's own message for a refused file (413 size, 415 type) or a refused start (429 too many uploads), else the generic one. */
export function uploadErrorMessage(error: Error | DetailedError, kind: UploadKind): string {
  const response = (error as DetailedError).originalResponse;
  const status = response?.getStatus();
  if (status === 413 || status === 415 || status === 429) {
    const body = response?.getBody()?.trim();
    // A caption file's refusal names the line and the tag to fix: a little longer.
    if (body && body.length < 300 && !body.startsWith('<')) {
      try {
        const parsed = JSON.parse(body) as { message?: string };
        if (parsed.message) return parsed.message;
      } catch {
        return body;
      }
    }
  }
  return GENERIC_FAILURE[kind];
}

/**
 * Resumable upload of one file to the api's tus endpoint. The finished file's public URL comes
 * back in the X-Media-Url header of the last response.
 */
export function useTusUpload(kind: UploadKind) {
  const { getIdToken } = useAuth();
  const [progress, setProgress] = useState(0);
  const [status, setStatus] = useState<UploadStatus>('idle');
  const [mediaUrl, setMediaUrl] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const current = useRef<Upload | null>(null);

  const abortCurrent = useCallback(() => {
    const upload = current.current;
    current.current = null;
    if (upload) void upload.abort().catch(() => undefined);
  }, []);

  const stopWaitingForNetwork = useRef<(() => void) | null>(null);

  useEffect(
    () => () => {
      stopWaitingForNetwork.current?.();
      abortCurrent();
    },
    [abortCurrent],
  );

  const start = useCallback(
    (file: File) => {
      stopWaitingForNetwork.current?.();
      abortCurrent();
      setProgress(0);
      setMediaUrl(null);
      setError(null);
      setStatus('uploading');

      const upload: Upload = new Upload(file, {
        endpoint: uploadEndpoint(),
        retryDelays: RETRY_DELAYS_MS,
        chunkSize: 5 * 1024 * 1024,
        removeFingerprintOnSuccess: true,
        metadata: { kind, filename: file.name, filetype: file.type },
        // A fresh token on every request: a long upload can outlive a one-hour ID token.
        onBeforeRequest: async (request) => {
          const token = await getIdToken();
          if (token) request.setHeader('Authorization', `Bearer ${token}`);
        },
        onProgress: (sent, total) => {
          if (current.current !== upload) return;
          setProgress(total > 0 ? Math.min(100, Math.floor((sent / total) * 100)) : 0);
        },
        onSuccess: ({ lastResponse }) => {
          if (current.current !== upload) return;
          const url = lastResponse.getHeader('X-Media-Url') ?? lastResponse.getHeader('x-media-url');
          if (!url) {
            setStatus('error');
            setError(GENERIC_FAILURE[kind]);
            return;
          }
          setProgress(100);
          setMediaUrl(url);
          setStatus('complete');
        },
        // Retry network failures and server hiccups even when the browser says it is offline
        // (tus-js-client's default gives up at once then); never retry a refusal.
        onShouldRetry: (failure) => !isRefusal(failure),
        onError: (failure) => {
          if (current.current !== upload) return;
          if (!isRefusal(failure) && typeof navigator !== 'undefined' && navigator.onLine === false) {
            // Offline: keep the progress and resume from the server's offset once back online.
            const resume = () => {
              stopWaitingForNetwork.current = null;
              if (current.current === upload) upload.start();
            };
            window.addEventListener('online', resume, { once: true });
            stopWaitingForNetwork.current = () => window.removeEventListener('online', resume);
            return;
          }
          setStatus('error');
          setError(uploadErrorMessage(failure, kind));
        },
      });
      current.current = upload;

      // Resume an interrupted upload of the same file (same fingerprint) instead of starting over.
      upload
        .findPreviousUploads()
        .then((previous) => {
          if (current.current !== upload) return;
          if (previous.length > 0) upload.resumeFromPreviousUpload(previous[0]);
          upload.start();
        })
        .catch(() => {
          if (current.current === upload) upload.start();
        });
    },
    [abortCurrent, getIdToken, kind],
  );

  const reset = useCallback(() => {
    stopWaitingForNetwork.current?.();
    abortCurrent();
    setProgress(0);
    setStatus('idle');
    setMediaUrl(null);
    setError(null);
  }, [abortCurrent]);

  return { start, progress, status, mediaUrl, error, reset };
}
