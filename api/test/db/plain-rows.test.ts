import { createPost } from '../support/scenario';
import { startTestServer, createStudent, type TestServer } from '../support/test-server';
import { getManyPlain } from '../../src/infra/db/plain-rows';
import { Post } from '../../src/modules/posts/post.entity';
import { User } from '../../src/modules/users/user.entity';

/**
 * The hot reads skip TypeORM's result transformer: on real rows (dates, a DATE, arrays, nulls,
 * counters) they must give exactly the entities getMany gives.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});

afterAll(async () => {
  await server.close();
});

test('getManyPlain gives the same users and posts as getMany', async () => {
  const student = await createStudent(server, { dateOfBirth: '2001-02-03' });
  await createPost(server, student);
  const db = server.app.database.dataSource;

  const users = () =>
    db
      .getRepository(User)
      .createQueryBuilder('u')
      .where('u.id IN (:...ids)', { ids: [student.uid] });
  const plainUsers = await getManyPlain(users());
  expect(plainUsers).toEqual(await users().getMany());
  expect(plainUsers[0]).toBeInstanceOf(User);
  expect(plainUsers[0]!.dateOfBirth).toBe('2001-02-03');

  const posts = () =>
    db
      .getRepository(Post)
      .createQueryBuilder('p')
      .where('p.authorUid = :uid', { uid: student.uid })
      .orderBy('p.createdAt', 'DESC')
      .limit(5);
  const plainPosts = await getManyPlain(posts());
  expect(plainPosts.length).toBeGreaterThan(0);
  expect(plainPosts).toEqual(await posts().getMany());
  expect(plainPosts[0]!.createdAt).toBeInstanceOf(Date);
});

test('a select with joins is refused rather than half read', async () => {
  const db = server.app.database.dataSource;
  const joined = db.getRepository(Post).createQueryBuilder('p').leftJoin(User, 'u', 'u.id = p.authorUid').addSelect('u.displayName');
  await expect(getManyPlain(joined)).rejects.toThrow(/only a plain select/);
});
