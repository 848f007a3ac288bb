import createClient, {
  type Client,
  type ClientPathsWithMethod,
  type FetchOptions,
  type MaybeOptionalInit,
  type MethodResponse,
} from 'openapi-fetch';

import type { paths } from '@/api/schema';

import { isEnvelope } from './envelope';
import { gatewayMiddleware, type GatewayCallOptions } from './gateway-middleware';

export { REQUEST_TIMEOUT_MS, type GatewayCallOptions } from './gateway-middleware';

type HttpMethod = 'get' | 'put' | 'post' | 'delete';
type GatewayClient = Client<paths, 'application/json'>;

/** The gateway paths (as in the OpenAPI document, `/prod-api/…`) that answer `method`. */
export type ApiPath<Method extends HttpMethod> = ClientPathsWithMethod<GatewayClient, Method>;

/** The `data` of the 200 envelope of `method path`, from the generated OpenAPI types. */
export type ApiData<Method extends HttpMethod, Path extends ApiPath<Method>> =
  MethodResponse<GatewayClient, Method, Path> extends { data: infer Data } ? Data : never;

/** Path parameters, query, headers and body of `method path`, type-checked, plus our options. */
export type ApiInit<Method extends HttpMethod, Path extends ApiPath<Method>> = NonNullable<
  MaybeOptionalInit<paths[Path], Method>
> &
  GatewayCallOptions;

/** The init argument: optional unless the call has a required path parameter or body. */
type ApiArgs<Method extends HttpMethod, Path extends ApiPath<Method>> =
  undefined extends MaybeOptionalInit<paths[Path], Method>
    ? [init?: ApiInit<Method, Path>]
    : [init: ApiInit<Method, Path>];

/**
 * What any call looks like to the implementation below: the public functions' overloads are
 * what callers see and type-check against, path by path.
 */
interface AnyOperation {
  parameters: {
    query?: Record<string, unknown>;
    header?: Record<string, unknown>;
    path?: Record<string, unknown>;
  };
  requestBody?: { content: { 'application/json': unknown } };
  responses: { 200: { content: { 'application/json': unknown } } };
}
type AnyInit = FetchOptions<AnyOperation> & GatewayCallOptions;

// Absolute URLs: Node's `Request` (in Jest) has no document to resolve `/prod-api/…` against.
const gateway = createClient<Record<string, Record<HttpMethod, AnyOperation>>>({
  baseUrl: typeof window === 'undefined' ? '' : window.location.origin,
  // Read `fetch` at call time, so a test (or a polyfill) that replaces it is used.
  fetch: (request) => globalThis.fetch(request),
  credentials: 'same-origin',
});

/** One call through the gateway's rules (`gatewayMiddleware`): resolves the envelope's `data`. */
async function send(method: HttpMethod, path: string, init: AnyInit = {}): Promise<unknown> {
  const { silent, timeoutMs, onUnauthorized, ...fetchOptions } = init;
  const { data } = await gateway.request(method, path, {
    ...fetchOptions,
    middleware: [gatewayMiddleware({ silent, timeoutMs, onUnauthorized })],
  });
  // The middleware has rejected anything but an envelope with code 200.
  return isEnvelope(data) ? data.data : null;
}

function apiGet<Path extends ApiPath<'get'>>(
  path: Path,
  ...init: ApiArgs<'get', Path>
): Promise<ApiData<'get', Path>>;
function apiGet(path: string, init?: AnyInit): Promise<unknown> {
  return send('get', path, init);
}

function apiPost<Path extends ApiPath<'post'>>(
  path: Path,
  ...init: ApiArgs<'post', Path>
): Promise<ApiData<'post', Path>>;
function apiPost(path: string, init?: AnyInit): Promise<unknown> {
  return send('post', path, init);
}

function apiPut<Path extends ApiPath<'put'>>(
  path: Path,
  ...init: ApiArgs<'put', Path>
): Promise<ApiData<'put', Path>>;
function apiPut(path: string, init?: AnyInit): Promise<unknown> {
  return send('put', path, init);
}

function apiDelete<Path extends ApiPath<'delete'>>(
  path: Path,
  ...init: ApiArgs<'delete', Path>
): Promise<ApiData<'delete', Path>>;
function apiDelete(path: string, init?: AnyInit): Promise<unknown> {
  return send('delete', path, init);
}

/**
 * The gateway's API, typed from the generated OpenAPI `paths`: every path, path parameter,
 * query, header and body is checked, and each call resolves with its envelope's `data` (see
 * `gatewayMiddleware` for the rules of a failure). Besides openapi-fetch's options (`params`,
 * `body`, `signal`, `cache`, `headers`) a call takes `silent` and `timeoutMs`.
 */
export const api = { get: apiGet, post: apiPost, put: apiPut, delete: apiDelete };
