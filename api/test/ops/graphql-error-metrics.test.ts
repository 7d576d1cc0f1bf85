import { createPost } from '../support/scenario';
import { createStudent, graphql, startTestServer, type TestServer } from '../support/test-server';

/**
 * campus_errors_total counts a GraphQL error by the code Apollo hands its plugins (each error's
 * extensions.code), never by text that happens to look like one in the answer's data.
 */
let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

async function errorCount(operation: string, code: string): Promise<number> {
  const text = await (await fetch(`${server.url}/metrics`)).text();
  const name = `campus_errors_total{route="/graphql",operation="${operation}",code="${code}"} `;
  const line = text.split('\n').find((row) => row.startsWith(name));
  return line ? Number(line.slice(name.length)) : 0;
}

test('a code only in extensions.code counts; the same words in a comment the answer carries do not', async () => {
  const author = await createStudent(server);
  const post = await createPost(server, author);
  // What a student may write: the words as they are, and a bare code that an alias names "code".
  for (const text of ['"code":"FORBIDDEN"', 'FORBIDDEN']) {
    const added = await graphql(
      server,
      author.token,
      'mutation($id: ID!, $text: String!) { addComment(postId: $id, text: $text) { id } }',
      { id: post.id, text },
    );
    expect(added.errors).toBeUndefined();
  }

  // One answer with both: the comments (aliased), and an error (a page link that is not valid)
  // whose code is only in its extensions. The alias puts `"code":"FORBIDDEN"` into the answer's
  // data byte for byte; the words as written arrive escaped.
  const query = `query MetricsMixed($id: ID!) {
    post(id: $id) { comments(first: 5) { edges { node { text code: text } } } }
    broken: post(id: $id) { comments(first: 5, after: "not-a-page") { edges { node { id } } } }
  }`;
  const before = { input: await errorCount('MetricsMixed', 'BAD_USER_INPUT'), forbidden: await errorCount('MetricsMixed', 'FORBIDDEN') };
  const answer = await graphql(server, null, query, { id: post.id });
  expect(answer.errors?.map((error: any) => error.extensions.code)).toEqual(['BAD_USER_INPUT']);
  const texts = answer.data?.post?.comments.edges.map((edge: any) => edge.node.code);
  expect(texts).toEqual(expect.arrayContaining(['"code":"FORBIDDEN"', 'FORBIDDEN']));

  expect(await errorCount('MetricsMixed', 'BAD_USER_INPUT')).toBe(before.input + 1);
  expect(await errorCount('MetricsMixed', 'FORBIDDEN')).toBe(before.forbidden);
});
