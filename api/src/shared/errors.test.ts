import { ServiceUnavailableError, ValidationError, toAppError } from './errors';

/** Which failures a client sees as "temporarily unavailable" (503) rather than a 500. */
describe('toAppError: the database is away', () => {
  it.each([
    ['a refused connection', Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' })],
    ['a server shutting down', Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' })],
    ['a pool that cannot connect in time', new Error('timeout exceeded when trying to connect')],
    ['a rollback on a connection the server ended', new Error('Client was closed and is not queryable')],
    ['a client whose connection broke', new Error('Client has encountered a connection error and is not queryable')],
    ['a wrapped driver error', Object.assign(new Error('Query failed'), { driverError: { code: '57P01' } })],
    [
      'an error caused by one',
      new Error('Failed to queue the job', { cause: Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }) }),
    ],
  ])('%s answers 503', (_name, error) => {
    expect(toAppError(error)).toBeInstanceOf(ServiceUnavailableError);
  });

  it.each([
    ['a programming error', new TypeError('x is not a function')],
    ['a constraint violation', Object.assign(new Error('duplicate key value'), { code: '23505' })],
    ['nothing useful', 'a string'],
  ])('%s is not mistaken for an outage', (_name, error) => {
    expect(toAppError(error)).toBeNull();
  });
});

/** The safety net behind the field rules: text the database refuses is the caller's mistake (400), not a 500. */
describe('toAppError: text the database cannot store', () => {
  it.each([
    ['a NUL character', Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' })],
    ['a malformed value inside a driver error', Object.assign(new Error('Query failed'), { driverError: { code: '22P02' } })],
  ])('%s answers with a clear input error', (_name, error) => {
    const appError = toAppError(error);
    expect(appError).toBeInstanceOf(ValidationError);
    expect(appError?.message).toBe('Some of the text contains characters that cannot be saved.');
  });
});
