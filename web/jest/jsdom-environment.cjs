// jsdom lacks fetch, streams and friends that firebase and Apollo expect; lend Node's own.
const JsdomEnvironment = require('jest-environment-jsdom').default;

class CampusJsdomEnvironment extends JsdomEnvironment {
  async setup() {
    await super.setup();
    const names = [
      'fetch',
      'Request',
      'Response',
      'Headers',
      'TextEncoder',
      'TextDecoder',
      'structuredClone',
      'ReadableStream',
      'TransformStream',
      'BroadcastChannel',
    ];
    for (const name of names) {
      if (typeof globalThis[name] !== 'undefined' && typeof this.global[name] === 'undefined') {
        this.global[name] = globalThis[name];
      }
    }
    // Node's Request (undici) accepts only Node's own AbortSignal (strictly since Node 22), and
    // React Router passes one from the global AbortController to it: both must come from Node.
    this.global.AbortController = globalThis.AbortController;
    this.global.AbortSignal = globalThis.AbortSignal;
  }
}

module.exports = CampusJsdomEnvironment;
