import fs from 'node:fs';
import path from 'node:path';
import type { TestServer, Student } from './test-server';
import { graphql } from './test-server';

/** Named building blocks for test scenarios: posts with real video files, follows, likes. */
const FIXTURES = path.resolve(__dirname, '../../../fixtures/media/clips');

export function fixtureVideos(): string[] {
  return fs
    .readdirSync(FIXTURES)
    .filter((name) => /\.(mp4|mov)$/i.test(name))
    .map((name) => path.join(FIXTURES, name));
}

/** A finished video upload of the student's, stored through the media module. */
export async function uploadedVideo(server: TestServer, student: Student): Promise<string> {
  const imported = await server.app.media.importFile(student.uid, 'video', fixtureVideos()[0]!);
  return imported.url;
}

export async function createPost(
  server: TestServer,
  student: Student,
  input: { caption?: string; tags?: string[] } = {},
): Promise<{ id: string; createdAt: string }> {
  const videoUrl = await uploadedVideo(server, student);
  const result = await graphql(
    server,
    student.token,
    `
      mutation ($input: CreatePostInput!) {
        createPost(input: $input) {
          id
          createdAt
        }
      }
    `,
    { input: { videoUrl, caption: input.caption ?? 'A day on campus', tags: input.tags ?? ['campus'] } },
  );
  if (result.errors) throw new Error(`createPost failed: ${JSON.stringify(result.errors)}`);
  return result.data.createPost;
}

export async function follow(server: TestServer, follower: Student, followee: Student): Promise<void> {
  const result = await graphql(
    server,
    follower.token,
    `
      mutation ($id: ID!) {
        follow(userId: $id) {
          id
        }
      }
    `,
    { id: followee.uid },
  );
  if (result.errors) throw new Error(`follow failed: ${JSON.stringify(result.errors)}`);
}
