/** The part of the app's logger (pino) media uses: structured fields first, then the message. */
export interface MediaLogger {
  info(fields: object, message?: string): void;
  warn(fields: object, message?: string): void;
  error(fields: object, message?: string): void;
}

export const silentLogger: MediaLogger = { info() {}, warn() {}, error() {} };
