import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { graphql, type Student, type TestServer } from '../../support/test-server';
import { uploadFile } from './tus-requests';

export const POST_FIELDS = `id status processingProgress failureMessage videoUrl posterUrl width height duration
  renditions { url width height maxKbps } posterSources { url type width height }`;

const FILETYPES: Record<string, string> = {
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  avi: 'video/x-msvideo',
  wmv: 'video/x-ms-wmv',
  webm: 'video/webm',
  mkv: 'video/x-matroska',
  '3gp': 'video/3gpp',
  '3g2': 'video/3gpp2',
};

/** Uploads these bytes over tus as the student's video and creates a post on them; returns the post as created. */
export async function postVideo(server: TestServer, student: Student, bytes: Buffer, filename: string): Promise<any> {
  const { last } = await uploadFile(server.url, `Bearer ${student.token}`, bytes, {
    kind: 'video',
    filename,
    filetype: FILETYPES[filename.split('.').pop()!] ?? 'video/mp4',
  });
  if (last.status !== 204) throw new Error(`upload of ${filename} answered ${last.status}: ${await last.text()}`);
  const videoUrl = last.headers.get('x-media-url')!;
  const created = await graphql(
    server,
    student.token,
    `mutation($input: CreatePostInput!) { createPost(input: $input) { ${POST_FIELDS} } }`,
    {
      input: { videoUrl, caption: filename },
    },
  );
  if (created.errors) throw new Error(JSON.stringify(created.errors));
  return { ...created.data.createPost, uploadUrl: videoUrl };
}

/** Polls the post as its author until it leaves PROCESSING (or the time is up). */
export async function settledPost(server: TestServer, author: Student, postId: string, timeoutMs = 150_000): Promise<any> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const result = await graphql(server, author.token, `query($id: ID!) { post(id: $id) { ${POST_FIELDS} } }`, { id: postId });
    const post = result.data?.post;
    if (post && post.status !== 'PROCESSING') return post;
    if (Date.now() > deadline) throw new Error(`post ${postId} still processing: ${JSON.stringify(post)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Downloads a served file to a temporary path (for ffprobe); answers the response too. */
export async function download(
  server: TestServer,
  url: string,
): Promise<{ status: number; file: string; bytes: Buffer; contentType: string | null }> {
  const response = await fetch(server.url + url);
  const bytes = Buffer.from(await response.arrayBuffer());
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'campus-served-')), path.basename(url));
  fs.writeFileSync(file, bytes);
  return { status: response.status, file, bytes, contentType: response.headers.get('content-type') };
}
