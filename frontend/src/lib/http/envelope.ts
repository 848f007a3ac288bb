/** The gateway's response body (DESIGN §4). The HTTP status equals `code`. */
export interface Envelope<T> {
  code: number;
  msg: string;
  msgKey: string;
  data: T;
}

export const API_BASE = '/prod-api';

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
}

/** The request never got an envelope back: offline, DNS, time-out, a proxy page. */
export class NetworkError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'NetworkError';
  }
}
