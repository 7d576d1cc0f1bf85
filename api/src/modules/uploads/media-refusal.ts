/**
 * A refused upload, in the shape @tus/server turns into a response ({ status_code, body }).
 * Thrown from our hooks and store wrapper; the body is the message the user sees.
 */
export class MediaRefusal extends Error {
  constructor(
    readonly status_code: 413 | 415,
    readonly body: string,
  ) {
    super(body);
    this.name = 'MediaRefusal';
  }
}
