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

  // A prepared feed statement's generic plan guesses its LIMIT large; with parallel query allowed
  // it started workers for an 11-row page (12.7 ms against 0.3 ms at campus scale).
  it('every connection of the pool runs without parallel workers', async () => {
    const answers = await Promise.all(
      Array.from({ length: 4 }, () =>
        server.app.database.dataSource.query('SELECT current_setting($1) AS workers', ['max_parallel_workers_per_gather']),
      ),
    );
    expect(answers.map(([row]) => row.workers)).toEqual(['0', '0', '0', '0']);
  });
});
