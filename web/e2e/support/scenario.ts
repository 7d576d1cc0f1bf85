// Builds students and posts through the public interfaces (the Auth emulator's REST API, tus
// uploads, GraphQL), for stories that need more content than is worth clicking together.
import { e2eSettings } from './settings';

export interface ApiStudent {
  uid: string;
  idToken: string;
  email: string;
  password: string;
  name: string;
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function graphql<T>(student: ApiStudent, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const result = await postJson<{ data?: T; errors?: unknown[] }>(
    `${e2eSettings.baseURL}/graphql`,
    { query, variables },
    { Authorization: `Bearer ${student.idToken}` },
  );
  if (result.errors?.length || !result.data) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  return result.data;
}

/** An e-mail account in the emulator plus its Campus Clips profile (with a date of birth). */
export async function createApiStudent(name: string, email: string, password = 'Campus!2026'): Promise<ApiStudent> {
  const signUp = await postJson<{ localId: string; idToken: string }>(
    `http://${e2eSettings.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signUp?key=demo-api-key`,
    { email, password, displayName: name, returnSecureToken: true },
  );
  const student = { uid: signUp.localId, idToken: signUp.idToken, email, password, name };
  await graphql(student, 'mutation ($input: SyncUserInput!) { syncUser(input: $input) { id } }', {
    input: { displayName: name, dateOfBirth: '2004-09-01' },
  });
  return student;
}

function tusMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/** A tus upload in one PATCH; returns the media URL the api hands back in X-Media-Url. */
export async function uploadVideo(student: ApiStudent, bytes: Buffer, filename: string): Promise<string> {
  const auth = { Authorization: `Bearer ${student.idToken}`, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${e2eSettings.baseURL}/uploads`, {
    method: 'POST',
    headers: { ...auth, 'Upload-Length': String(bytes.length), 'Upload-Metadata': tusMetadata({ kind: 'video', filename, filetype: 'video/mp4' }) },
  });
  if (created.status !== 201) throw new Error(`upload create answered ${created.status}: ${await created.text()}`);
  const uploadUrl = new URL(created.headers.get('location')!, e2eSettings.baseURL).toString();
  const patched = await fetch(uploadUrl, {
    method: 'PATCH',
    headers: { ...auth, 'Upload-Offset': '0', 'Content-Type': 'application/offset+octet-stream' },
    body: new Uint8Array(bytes),
  });
  const mediaUrl = patched.headers.get('x-media-url');
  if (patched.status !== 204 || !mediaUrl) throw new Error(`upload answered ${patched.status}: ${await patched.text()}`);
  return mediaUrl;
}

export async function createPost(student: ApiStudent, videoUrl: string, caption: string, tags: string[] = []): Promise<string> {
  const data = await graphql<{ createPost: { id: string } }>(
    student,
    'mutation ($input: CreatePostInput!) { createPost(input: $input) { id } }',
    { input: { videoUrl, caption, tags } },
  );
  return data.createPost.id;
}

export async function follow(student: ApiStudent, userId: string): Promise<void> {
  await graphql(student, 'mutation ($userId: ID!) { follow(userId: $userId) { id } }', { userId });
}
