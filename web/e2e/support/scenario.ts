// Builds students and posts through the public interfaces (the Auth emulator's REST API, tus
// uploads, GraphQL), for stories that need more content than is worth clicking together.
import { e2eSettings } from './settings';

/** The api's Firebase project (FIREBASE_PROJECT_ID's default outside production). */
const PROJECT_ID = 'demo-campus-clips';

export interface ApiStudent {
  uid: string;
  idToken: string;
  email: string;
  password: string;
  name: string;
}

async function postJson<T>(url: string, body: unknown, headers: Record<string, string> = {}): Promise<T> {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${url} answered ${response.status}: ${text}`);
  return JSON.parse(text) as T;
}

export async function graphql<T>(
  student: ApiStudent,
  query: string,
  variables: Record<string, unknown> = {},
  headers: Record<string, string> = {},
): Promise<T> {
  const result = await postJson<{ data?: T; errors?: unknown[] }>(
    `${e2eSettings.baseURL}/graphql`,
    { query, variables },
    { Authorization: `Bearer ${student.idToken}`, ...headers },
  );
  if (result.errors?.length || !result.data) throw new Error(`GraphQL errors: ${JSON.stringify(result.errors)}`);
  return result.data;
}

function ownAddress(): string {
  const part = () => 1 + Math.floor(Math.random() * 254);
  return `10.${part()}.${part()}.${part()}`;
}

/**
 * An e-mail account in the emulator plus its Campus Clips profile (with a date of birth). Its
 * address is verified, as if its owner had opened the emulator's link (issue 25: posting,
 * commenting and reporting need it); these students build content, and sign-up journeys through
 * the browser verify their own.
 */
export async function createApiStudent(name: string, email: string, password = 'Campus!2026'): Promise<ApiStudent> {
  const identity = `http://${e2eSettings.authEmulatorHost}/identitytoolkit.googleapis.com/v1`;
  const signUp = await postJson<{ localId: string }>(`${identity}/accounts:signUp?key=demo-api-key`, {
    email,
    password,
    displayName: name,
    returnSecureToken: true,
  });
  // The admin SDK's updateUser, as the emulator takes it from the project's owner.
  await postJson(
    `${identity}/projects/${PROJECT_ID}/accounts:update`,
    { localId: signUp.localId, emailVerified: true },
    { Authorization: 'Bearer owner' },
  );
  const signIn = await postJson<{ idToken: string }>(`${identity}/accounts:signInWithPassword?key=demo-api-key`, {
    email,
    password,
    returnSecureToken: true,
  });
  const student = { uid: signUp.localId, idToken: signIn.idToken, email, password, name };
  await graphql(
    student,
    'mutation ($input: SyncUserInput!) { syncUser(input: $input) { id } }',
    { input: { displayName: name, dateOfBirth: '2004-09-01' } },
    // Signed up from a phone of their own, as the api's trusted proxy would report it: the run's
    // many students must not meet the per-address sign-up limit meant for one network.
    { 'X-Forwarded-For': ownAddress() },
  );
  return student;
}

/** A student who signed up in the browser, signed in through the emulator's REST API to build content as them. */
export async function signInApiStudent(name: string, email: string, password: string): Promise<ApiStudent> {
  const signIn = await postJson<{ localId: string; idToken: string }>(
    `http://${e2eSettings.authEmulatorHost}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=demo-api-key`,
    { email, password, returnSecureToken: true },
  );
  return { uid: signIn.localId, idToken: signIn.idToken, email, password, name };
}

function tusMetadata(metadata: Record<string, string>): string {
  return Object.entries(metadata)
    .map(([key, value]) => `${key} ${Buffer.from(value).toString('base64')}`)
    .join(',');
}

/**
 * A tus upload in one PATCH; returns the media URL the api hands back in X-Media-Url. That URL names
 * the private original: a post made from it plays only the renditions the api transcodes.
 */
export async function uploadVideo(student: ApiStudent, bytes: Buffer, filename: string, filetype = 'video/mp4'): Promise<string> {
  return tusUpload(student, bytes, { kind: 'video', filename, filetype });
}

/** A caption file (WebVTT or SubRip) uploaded as a post's captions are (issue 28); returns its media URL. */
export async function uploadCaptionFile(student: ApiStudent, text: string, filename = 'captions.vtt'): Promise<string> {
  return tusUpload(student, Buffer.from(text), {
    kind: 'caption',
    filename,
    filetype: filename.endsWith('.srt') ? 'application/x-subrip' : 'text/vtt',
  });
}

async function tusUpload(
  student: ApiStudent,
  bytes: Buffer,
  metadata: { kind: string; filename: string; filetype: string },
): Promise<string> {
  const auth = { Authorization: `Bearer ${student.idToken}`, 'Tus-Resumable': '1.0.0' };
  const created = await fetch(`${e2eSettings.baseURL}/uploads`, {
    method: 'POST',
    headers: {
      ...auth,
      'Upload-Length': String(bytes.length),
      'Upload-Metadata': tusMetadata(metadata),
    },
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

export async function createPost(
  student: ApiStudent,
  videoUrl: string,
  caption: string,
  tags: string[] = [],
  captionTracks: Array<{ language: string; label?: string; fileUrl: string }> = [],
): Promise<string> {
  const data = await graphql<{ createPost: { id: string } }>(
    student,
    'mutation ($input: CreatePostInput!) { createPost(input: $input) { id } }',
    { input: { videoUrl, caption, tags, captionTracks } },
  );
  return data.createPost.id;
}

export interface ProcessedPost {
  id: string;
  status: 'PROCESSING' | 'READY' | 'FAILED';
  processingProgress: number | null;
  failureMessage: string | null;
  videoUrl: string;
  width: number | null;
  height: number | null;
  duration: number | null;
  renditions: { url: string; width: number; height: number }[];
  posterSources: { url: string; type: string; width: number; height: number }[];
}

const processedPostQuery = `query ($id: ID!) {
  post(id: $id) {
    id status processingProgress failureMessage videoUrl width height duration
    renditions { url width height }
    posterSources { url type width height }
  }
}`;

/** The post as its author sees it (others see it only once it is READY). */
export async function postAsAuthor(author: ApiStudent, postId: string): Promise<ProcessedPost> {
  const { post } = await graphql<{ post: ProcessedPost | null }>(author, processedPostQuery, { id: postId });
  if (!post) throw new Error(`post ${postId} is not visible to its author`);
  return post;
}

/**
 * Asks as the author until the post's video is transcoded (a new post is PROCESSING first) and
 * returns it READY; fails at once when it FAILED, and after `timeoutMs` with the last progress seen.
 */
export async function waitUntilReady(author: ApiStudent, postId: string, timeoutMs = 60_000): Promise<ProcessedPost> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const post = await postAsAuthor(author, postId);
    if (post.status === 'READY') return post;
    if (post.status === 'FAILED') throw new Error(`post ${postId} FAILED: ${post.failureMessage}`);
    if (Date.now() > deadline) {
      throw new Error(`post ${postId} still ${post.status} (${post.processingProgress}%) after ${timeoutMs} ms`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250)); // the interval between two questions
  }
}

export async function follow(student: ApiStudent, userId: string): Promise<void> {
  await graphql(student, 'mutation ($userId: ID!) { follow(userId: $userId) { id } }', { userId });
}
