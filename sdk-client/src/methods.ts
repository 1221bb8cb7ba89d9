// Typed request methods that answer the success body or throw ApiError, on top of openapi-fetch's client
// (which answers `{data, error, response}`). Types are computed from the generated `paths`; nothing is `any`.
import type { Client, FetchResponse, MaybeOptionalInit } from "openapi-fetch";
import type { HttpMethod, PathsWithMethod, RequiredKeysOf } from "openapi-typescript-helpers";
import { ApiError } from "./errors.ts";
import type { paths } from "./generated.ts";

type Media = `${string}/${string}`;
type NoContent<T> = [T] extends [never] ? undefined : T;
type InitParam<Init> = RequiredKeysOf<Init> extends never ? [(Init & { [key: string]: unknown })?] : [Init & { [key: string]: unknown }];

/** The success body of `method path` (undefined for 204). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- {} is "no init given", matched by RequiredKeysOf like any init
export type ResultOf<M extends HttpMethod, P extends PathsWithMethod<paths, M>, Init = {}> = paths[P][M] extends infer Op extends Record<
  string | number,
  unknown
>
  ? NoContent<NonNullable<FetchResponse<Op, Init, Media>["data"]>>
  : never;

/** One HTTP method over the typed `paths`: resolves with the success body or throws {@link ApiError}. */
export type ApiMethod<M extends HttpMethod> = <P extends PathsWithMethod<paths, M>, Init extends MaybeOptionalInit<paths[P], M>>(
  url: P,
  ...init: InitParam<Init>
) => Promise<ResultOf<M, P, Init>>;

/** `GET`, `POST`, `PUT`, `PATCH` and `DELETE` over every endpoint of the contract. */
export interface ApiMethods {
  GET: ApiMethod<"get">;
  POST: ApiMethod<"post">;
  PUT: ApiMethod<"put">;
  PATCH: ApiMethod<"patch">;
  DELETE: ApiMethod<"delete">;
}

interface Loose {
  request(method: string, url: string, init?: unknown): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

export function throwingMethods(raw: Client<paths>): ApiMethods {
  const loose = raw as unknown as Loose;
  const method = (name: HttpMethod) => async (url: string, init?: unknown) => {
    const { data, error, response } = await loose.request(name, url, init);
    if (!response.ok) throw ApiError.fromParsed(response, error, name.toUpperCase());
    return data;
  };
  return {
    GET: method("get") as ApiMethod<"get">,
    POST: method("post") as ApiMethod<"post">,
    PUT: method("put") as ApiMethod<"put">,
    PATCH: method("patch") as ApiMethod<"patch">,
    DELETE: method("delete") as ApiMethod<"delete">,
  };
}
