import { startTestServer, type TestServer } from '../support/test-server';

// Home's statement carries a branch that never runs but whose planned cost crosses PostgreSQL's
// jit_above_cost: with JIT on, compiling it cost 80-190 ms of a 4 ms page at campus scale.
describe('PostgreSQL session settings', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('every connection of the pool runs with JIT off', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => server.app.database.dataSource.query('SELECT current_setting($1) AS jit', ['jit'])),
    );
    expect(answers.map(([row]) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
  });
});
