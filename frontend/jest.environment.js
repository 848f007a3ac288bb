// jsdom lacks the Fetch API classes that react-router's data router and openapi-fetch (the
// HTTP client builds a `Request` per call) need. Hand it Node's own (Node's fetch is undici, so
// no polyfill package is needed; with Node's AbortController, which Node's Request insists on)
// and the text codecs react-router reads at import time.
import { TextDecoder, TextEncoder } from 'node:util';

import { TestEnvironment } from 'jest-environment-jsdom';

export default class KeyshopJsdomEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      Request,
      Response,
      Headers,
      AbortController,
      AbortSignal,
      TextEncoder,
      TextDecoder,
    });
  }
}
