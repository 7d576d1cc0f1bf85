import path from 'node:path';
import { parse, print, visit, type DocumentNode } from 'graphql';
import { MIGRATIONS } from '../../src/infra/db/migrations/index';
import { UploadRecords, UploadMediaService, picturesFromStored } from '../../src/modules/uploads';
import { createPost, follow } from '../support/scenario';
import { createStudent, graphql, startTestServer, type Student, type TestServer } from '../support/test-server';
import { scratchMigrationDatabase } from '../support/scratch-database';
import { webOperation } from '../support/web-operations';

/**
 * User.photoSources comes from the users row (users.photo_sources, issue 30): a page of posts with
 * its authors' photo sizes costs no statement more than without them, and a new photo's sizes, or
 * none after a removal, show at once.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

const AVATARS = path.resolve(__dirname, '../../../fixtures/media/avatars');

/** An avatar fixture imported as the student's own finished image upload; its media URL. */
async function uploadedPhoto(student: Student, file: string): Promise<string> {
  return (await server.app.media.importFile(student.uid, 'image', path.join(AVATARS, file))).url;
}

async function setPhoto(student: Student, photoURL: string | null): Promise<void> {
  const result = await graphql(
    server,
    student.token,
    `
      mutation ($p: String) {
        updateProfile(input: { photoURL: $p }) {
          id
        }
      }
    `,
    { p: photoURL },
  );
  expect(result.errors).toBeUndefined();
}

/** What the sizes were before they were kept on the row: the upload's sibling files, looked up (uploads' picturesOf). */
async function siblingsOf(photoURL: string) {
  return (await server.app.services.users.photoSources([photoURL])).get(photoURL);
}

const PHOTO = `query ($id: ID!) { user(id: $id) { photoURL photoSources { url type width height } } }`;

function without(document: DocumentNode, field: string): DocumentNode {
  return visit(document, { Field: (node) => (node.name.value === field ? null : undefined) });
}

describe('User.photoSources from the users row', () => {
  it('shows a new photo’s sizes at once, another photo’s in their place, and none after removal', async () => {
    const ada = await createStudent(server);
    const first = await uploadedPhoto(ada, 'student-02.jpg');
    await setPhoto(ada, first);
    const shown = (await graphql(server, null, PHOTO, { id: ada.uid })).data.user;
    expect(shown.photoURL).toBe(first);
    expect(shown.photoSources.length).toBeGreaterThan(0);
    // The same files, order and sizes as the lookup gave.
    expect(shown.photoSources).toEqual(await siblingsOf(first));

    const second = await uploadedPhoto(ada, 'student-05.png');
    await setPhoto(ada, second);
    const changed = (await graphql(server, ada.token, PHOTO, { id: ada.uid })).data.user;
    expect(changed.photoURL).toBe(second);
    expect(changed.photoSources.map((s: any) => `${s.width}x${s.height} ${s.type}`)).toEqual([
      '96x96 image/webp',
      '96x96 image/jpeg',
      '128x128 image/webp',
      '128x128 image/jpeg',
    ]);
    expect(changed.photoSources).toEqual(await siblingsOf(second));

    await setPhoto(ada, null);
    const removed = (await graphql(server, ada.token, PHOTO, { id: ada.uid })).data.user;
    expect(removed).toEqual({ photoURL: null, photoSources: [] });
    const [row] = await server.app.database.dataSource.query('SELECT photo_url, photo_sources FROM users WHERE firebase_uid = $1', [
      ada.uid,
    ]);
    expect(row).toEqual({ photo_url: null, photo_sources: [] });
  });

  it('costs a page of the web’s real HomeFeed no statement more with its authors’ photoSources than without', async () => {
    const [reader, ben, cleo] = await Promise.all([createStudent(server), createStudent(server), createStudent(server)]);
    await setPhoto(reader, await uploadedPhoto(reader, 'student-03.png'));
    await setPhoto(ben, await uploadedPhoto(ben, 'student-04.jpg'));
    // cleo keeps no photo: her posts' author has no sizes.
    await follow(server, reader, ben);
    await follow(server, reader, cleo);
    for (const student of [reader, ben, cleo, ben]) await createPost(server, student, { caption: 'On the quad' });

    const home = parse(webOperation('HomeFeed'));
    const withPhotos = await graphql(server, reader.token, print(home), { first: 10 });
    const withoutPhotos = await graphql(server, reader.token, print(without(home, 'photoSources')), { first: 10 });
    expect(withPhotos.errors).toBeUndefined();
    expect(withoutPhotos.errors).toBeUndefined();

    const authors = withPhotos.data.homeFeed.edges.map((edge: any) => edge.node.author);
    expect(authors).toHaveLength(4);
    for (const author of authors) {
      expect(author.photoSources).toEqual(author.photoURL ? await siblingsOf(author.photoURL) : []);
    }
    expect(authors.filter((author: any) => author.photoSources.length > 0)).toHaveLength(3);
    expect(withPhotos.sqlStatements).toBe(withoutPhotos.sqlStatements);
  });
});

describe('the photo sizes migration', () => {
  const { migrated } = scratchMigrationDatabase('campus_photos');
  const photoMigration = MIGRATIONS.findIndex((migration) => migration.name.startsWith('UserPhotoSources'));

  it('gives every stored photo the sizes its upload lists, in the order they were looked up in', async () => {
    const before = await migrated(MIGRATIONS.slice(0, photoMigration));
    const photo = (name: string) => `profile-images/${name}`;
    for (const [id, name] of [
      ['up-a', 'aaa'],
      ['up-b', 'bbb'],
      ['up-c', 'ccc'],
    ]) {
      await before.query(`INSERT INTO uploads (id, owner_uid, kind, media_path, status) VALUES ($1, 'x', 'image', $2, 'complete')`, [
        id,
        photo(name!),
      ]);
    }
    const files: Array<[string, string, string, number | null, number | null]> = [
      [photo('aaa'), 'up-a', 'image/jpeg', 800, 600],
      [`${photo('aaa')}-427x320.jpg`, 'up-a', 'image/jpeg', 427, 320],
      [`${photo('aaa')}-128x96.webp`, 'up-a', 'image/webp', 128, 96],
      [`${photo('aaa')}-427x320.webp`, 'up-a', 'image/webp', 427, 320],
      [`${photo('aaa')}-128x96.jpg`, 'up-a', 'image/jpeg', 128, 96],
      [photo('bbb'), 'up-b', 'image/png', 100, 100],
      [`${photo('bbb')}-96x96.webp`, 'up-b', 'image/webp', 96, 96],
      // An upload with no sized copies (none were made then).
      [photo('ccc'), 'up-c', 'image/jpeg', 50, 50],
    ];
    for (const file of files)
      await before.query(`INSERT INTO media_files (path, upload_id, content_type, width, height) VALUES ($1, $2, $3, $4, $5)`, file);
    const people: Array<[string, string | null]> = [
      ['relative', `/media/${photo('aaa')}`],
      ['absolute', `https://clips.example.edu/media/${photo('bbb')}?v=2`],
      ['no-copies', `/media/${photo('ccc')}`],
      ['google', 'https://lh3.googleusercontent.com/a/photo.jpg'],
      ['unknown', '/media/profile-images/gone'],
      ['none', null],
    ];
    for (const [uid, photoURL] of people)
      await before.query(`INSERT INTO users (firebase_uid, photo_url) VALUES ($1, $2)`, [uid, photoURL]);
    await before.destroy();

    const after = await migrated(MIGRATIONS);
    try {
      const rows: Array<{ firebase_uid: string; photo_url: string | null; photo_sources: any[] }> = await after.query(
        `SELECT firebase_uid, photo_url, photo_sources FROM users ORDER BY firebase_uid`,
      );
      const lookup = new UploadMediaService(null as never, new UploadRecords(after), null as never);
      const looked = await lookup.picturesOf(people.flatMap(([, photoURL]) => (photoURL ? [photoURL] : [])));
      for (const row of rows) expect(picturesFromStored(row.photo_sources)).toEqual(row.photo_url ? looked.get(row.photo_url) : []);
      expect(
        Object.fromEntries(rows.map((row) => [row.firebase_uid, row.photo_sources.map((p: any) => `${p.width}x${p.height} ${p.type}`)])),
      ).toEqual({
        relative: ['128x96 image/webp', '128x96 image/jpeg', '427x320 image/webp', '427x320 image/jpeg'],
        absolute: ['96x96 image/webp'],
        'no-copies': [],
        google: [],
        unknown: [],
        none: [],
      });
    } finally {
      await after.destroy();
    }
  });
});
