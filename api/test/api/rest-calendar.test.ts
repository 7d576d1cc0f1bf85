import { createStudent, rest, startTestServer, type TestServer } from '../support/test-server';

/**
 * The calendar through REST as the spec's client uses it (§4, §7, D7): it keys its map by the
 * browser's date-to-string text and reloads the map with a plain GET.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

// The key the spec client saves a day under: the browser's toDateString() ('Sat Nov 21 2026').
const NOV_21 = new Date(2026, 10, 21).toDateString();
const NOV_21_ISO = '2026-11-21';

describe('GET /api/calendar/:uid', () => {
  it("finds, after a reload with a plain GET, the day the spec client saved under the browser's date string", async () => {
    const student = await createStudent(server);
    const saved = await rest(server, 'POST', '/api/calendar', {
      token: student.token,
      body: { firebaseUid: student.uid, date: NOV_21, eventName: 'Chemistry midterm' },
    });
    expect(saved.body.event).toEqual({ date: NOV_21, eventName: 'Chemistry midterm' });

    const reloaded = await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token });
    expect(reloaded.status).toBe(200);
    // What the client does with the answer: a map from the date key to the event name.
    const byKey = Object.fromEntries(
      reloaded.body.events.map((event: { date: string; eventName: string }) => [event.date, event.eventName]),
    );
    expect(byKey[NOV_21]).toBe('Chemistry midterm');
  });

  it('answers YYYY-MM-DD with ?dates=iso, whichever form each day was saved in', async () => {
    const student = await createStudent(server);
    for (const [date, eventName] of [
      [NOV_21, 'Chemistry midterm'],
      ['2026-12-05', 'Winter formal'],
    ]) {
      const saved = await rest(server, 'POST', '/api/calendar', {
        token: student.token,
        body: { firebaseUid: student.uid, date, eventName },
      });
      expect(saved.status).toBe(200);
    }
    const iso = await rest(server, 'GET', `/api/calendar/${student.uid}?dates=iso`, { token: student.token });
    expect(iso.body.events).toEqual([
      { date: NOV_21_ISO, eventName: 'Chemistry midterm' },
      { date: '2026-12-05', eventName: 'Winter formal' },
    ]);
    const plain = await rest(server, 'GET', `/api/calendar/${student.uid}`, { token: student.token });
    expect(plain.body.events).toEqual([
      { date: NOV_21, eventName: 'Chemistry midterm' },
      { date: new Date(2026, 11, 5).toDateString(), eventName: 'Winter formal' },
    ]);
  });

  it('refuses an unknown ?dates value with 400 naming the parameter, rather than guessing a form', async () => {
    const student = await createStudent(server);
    const response = await rest(server, 'GET', `/api/calendar/${student.uid}?dates=ISO8601`, { token: student.token });
    expect(response.status).toBe(400);
    expect(response.body).toEqual({
      success: false,
      message: "dates must be 'iso' or 'datestring'",
      errors: { dates: "dates must be 'iso' or 'datestring'" },
    });
  });

  it("answers 403 for someone else's calendar whatever the query says (whose calendar is judged first)", async () => {
    const [owner, intruder] = [await createStudent(server), await createStudent(server)];
    for (const query of ['', '?dates=iso', '?dates=ISO8601']) {
      const response = await rest(server, 'GET', `/api/calendar/${owner.uid}${query}`, { token: intruder.token });
      expect(response.status).toBe(403);
      expect(response.body.events).toBeUndefined();
    }
  });
});
