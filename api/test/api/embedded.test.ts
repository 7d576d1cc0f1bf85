import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createStudent, graphql, startTestServer } from '../support/test-server';

/**
 * The embedded default: with no DATABASE_URL the api runs on PGlite in DATA_DIR, runs the same
 * migrations, and keeps what was written across a restart.
 */
describe('embedded PGlite mode', () => {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'campus-embedded-'));
  afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it('writes, restarts and reads it back', async () => {
    const env = { DATABASE_URL: '', DATA_DIR: dataDir, MEDIA_DIR: path.join(dataDir, 'media') };
    const first = await startTestServer(env);
    expect(first.app.database.kind).toBe('pglite');
    const student = await createStudent(first, { displayName: 'Embedded Student' });
    await graphql(first, student.token, `mutation { saveCalendarEvent(date: "2026-11-21", name: "Demo day") { date } }`);
    await first.close();

    const second = await startTestServer(env);
    try {
      const result = await graphql(second, student.token, `{ viewer { displayName } calendarEvents { date name } }`);
      expect(result.data).toEqual({
        viewer: { displayName: 'Embedded Student' },
        calendarEvents: [{ date: '2026-11-21', name: 'Demo day' }],
      });
    } finally {
      await second.close();
    }
  }, 120_000);
});
