import http from 'node:http';

/** Plain tus 1.0 requests, so tests see exactly what a client sends and what the server answers. */
export function encodeMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

export interface CreateOptions {
  kind: string;
  filename: string;
  filetype: string;
  length?: number;
  deferLength?: boolean;
}

export async function createUpload(baseUrl: string, authorization: string | null, options: CreateOptions): Promise<Response> {
  const headers: Record<string, string> = {
    'Tus-Resumable': '1.0.0',
    'Upload-Metadata': encodeMetadata({ kind: options.kind, filename: options.filename, filetype: options.filetype }),
  };
  if (authorization) headers.Authorization = authorization;
  if (options.deferLength) headers['Upload-Defer-Length'] = '1';
  else headers['Upload-Length'] = String(options.length ?? 0);
  return fetch(`${baseUrl}/uploads`, { method: 'POST', headers });
}

/** Creates an upload and returns its absolute URL. */
export async function startUpload(baseUrl: string, authorization: string, options: CreateOptions): Promise<string> {
  const response = await createUpload(baseUrl, authorization, options);
  if (response.status !== 201) throw new Error(`create failed: ${response.status} ${await response.text()}`);
  return new URL(response.headers.get('location')!, baseUrl).toString();
}

export function patchUpload(uploadUrl: string, authorization: string | null, offset: number, bytes: Buffer): Promise<Response> {
  const headers: Record<string, string> = {
    'Tus-Resumable': '1.0.0',
    'Upload-Offset': String(offset),
    'Content-Type': 'application/offset+octet-stream',
  };
  if (authorization) headers.Authorization = authorization;
  return fetch(uploadUrl, { method: 'PATCH', headers, body: bytes });
}

export function headUpload(uploadUrl: string, authorization: string | null): Promise<Response> {
  const headers: Record<string, string> = { 'Tus-Resumable': '1.0.0' };
  if (authorization) headers.Authorization = authorization;
  return fetch(uploadUrl, { method: 'HEAD', headers });
}

/** Uploads a whole file in `chunks` PATCH requests; returns the last response. */
export async function uploadFile(
  baseUrl: string,
  authorization: string,
  bytes: Buffer,
  options: Omit<CreateOptions, 'length'>,
  chunks = 1,
): Promise<{ uploadUrl: string; last: Response }> {
  const uploadUrl = await startUpload(baseUrl, authorization, { ...options, length: bytes.length });
  const size = Math.ceil(bytes.length / chunks);
  let offset = 0;
  let last: Response | undefined;
  while (offset < bytes.length) {
    last = await patchUpload(uploadUrl, authorization, offset, bytes.subarray(offset, offset + size));
    if (last.status !== 204) return { uploadUrl, last };
    offset = Number(last.headers.get('upload-offset'));
  }
  return { uploadUrl, last: last! };
}

/** A PATCH from offset 0 announcing `declaredLength` bytes, left open for the caller to write (part of) the body. */
export function openPatch(uploadUrl: string, authorization: string, declaredLength: number): http.ClientRequest {
  return http.request(uploadUrl, {
    method: 'PATCH',
    headers: {
      'Tus-Resumable': '1.0.0',
      'Upload-Offset': '0',
      'Content-Type': 'application/offset+octet-stream',
      'Content-Length': String(declaredLength),
      Authorization: authorization,
    },
  });
}

/**
 * Sends the first `sendBytes` of a PATCH body of `declaredLength` bytes, then drops the
 * connection, like a phone leaving Wi-Fi mid-upload.
 */
export function patchThenDisconnect(uploadUrl: string, authorization: string, bytes: Buffer, sendBytes: number): Promise<void> {
  return new Promise((resolve) => {
    const request = openPatch(uploadUrl, authorization, bytes.length);
    request.on('error', () => resolve());
    request.on('close', () => resolve());
    request.write(bytes.subarray(0, sendBytes), () => setTimeout(() => request.destroy(), 300));
  });
}
