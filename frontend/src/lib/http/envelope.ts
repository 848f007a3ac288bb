/** The gateway's response body (DESIGN §4). The HTTP status equals `code`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  msgKey: string;
  data: T;
}

export function isEnvelope(value: unknown): value is Envelope<unknown> {
  return (
    typeof value === 'object' && value !== null && 'code' in value && typeof value.code === 'number'
  );
}

/** A non-200 envelope, carried by the rejected promise. */
export class ApiError extends Error {
  readonly code: number;
  readonly msgKey: string;
  readonly data: unknown;

  constructor(code: number, message: string, msgKey: string, data: unknown) {
    super(message);
    this.name = 'ApiError';
    this.code = code;
    this.msgKey = msgKey;
    this.data = data;
  }

  /** For 400: field → msgKey. */
  get fieldErrors(): Record<string, string> {
    const data = this.data;
    if (typeof data !== 'object' || data === null || !('fields' in data)) return {};
    const fields = data.fields;
    if (typeof fields !== 'object' || fields === null) return {};
    return Object.fromEntries(
      Object.entries(fields).filter(
        (entry): entry is [string, string] => typeof entry[1] === 'string',
      ),
    );
  }

  /** For 429: seconds until the next try (`data.retryAfter`), or null when not told. */
  get retryAfter(): number | null {
    return retryAfterOf(this.data);
  }
}

/** `data.retryAfter` of a 429 answer, in whole seconds (at least 1), or null. */
export function retryAfterOf(data: unknown): number | null {
  if (typeof data !== 'object' || data === null || !('retryAfter' in data)) return null;
  const seconds = data.retryAfter;
  if (typeof seconds !== 'number' || !Number.isFinite(seconds) || seconds < 0) return null;
  return Math.max(1, Math.ceil(seconds));
}

/** The request never got an envelope back: offline, DNS, time-out, a proxy page. */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}
