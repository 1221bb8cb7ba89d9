// The one way to register an operation of the contract: by its path and method as generated/openapi.yaml writes
// them. The handler's `req.params`, `req.query` and `req.body` are typed from generated/api.d.ts (so a spec change
// that breaks a handler fails the type check), and the route's authentication is the operation's `security` in
// the document (the spec's `@useAuth`), never restated by hand. All of it happens once, at registration: a
// request walks the same Express layers it would with hand-written routes.
import { Router, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { paths } from "../../../../generated/api.d.ts";

type Method = "get" | "put" | "post" | "patch" | "delete";
const METHODS: readonly Method[] = ["get", "put", "post", "patch", "delete"];

/** The contract's paths that declare method `M` (openapi-typescript writes `m?: never` for the others). */
type PathWith<M extends Method> = { [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never }[keyof paths];
type Operation<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer O } ? O : never;

type NoFields = Record<string, never>;
type PathParams<O> = O extends { parameters: { path: infer X } } ? ([X] extends [never] ? NoFields : X) : NoFields;
/**
 * express-openapi-validator coerces query values to their schema's type (an integer arrives as a number), and
 * `req.query` is an object even when the operation declares every parameter optional (`query?:`).
 */
type QueryParams<O> = O extends { parameters: { query?: infer X } }
  ? [NonNullable<X>] extends [never]
    ? NoFields
    : NonNullable<X>
  : NoFields;
type JsonOf<R> = R extends { content: { "application/json": infer B } } ? B : undefined;
/**
 * The JSON body the validator let through: `B` when the operation requires it, `B | undefined` when it is
 * optional, and `unknown` where the operation declares none (a body sent anyway is not refused, only unread).
 */
type RequestBody<O> = O extends { requestBody: infer R }
  ? JsonOf<R>
  : O extends { requestBody?: infer R }
    ? [NonNullable<R>] extends [never]
      ? unknown
      : JsonOf<NonNullable<R>> | undefined
    : unknown;

/** The request of operation (`P`, `M`) as the contract's validator hands it on. */
type ApiRequest<P extends keyof paths, M extends Method> = Request<
  PathParams<Operation<P, M>>,
  unknown,
  RequestBody<Operation<P, M>>,
  QueryParams<Operation<P, M>>
>;
export type ApiHandler<P extends keyof paths, M extends Method> = (req: ApiRequest<P, M>, res: Response, next: NextFunction) => unknown;

/** The parts of the OpenAPI document read here. */
interface Contract {
  paths: Record<string, Partial<Record<Method, { security?: Record<string, string[]>[] }>>>;
}

/** The authentication middleware of each security scheme the document declares (`BearerAuth`, `BotAuth`). */
type SchemeHandlers = Record<string, RequestHandler>;

/** `{name}` → `:name`: the document's path template as an Express route path. */
const expressPath = (template: string) => template.replace(/\{(\w+)\}/g, ":$1");

/**
 * Makes routers for the operations of one document and keeps count of what they serve, so that the composition
 * root can check that every operation has its handler.
 */
export class ApiRoutes {
  private contract: Contract;
  private served: Set<string>;

  /** `contract` is the parsed generated/openapi.yaml (loadContract). */
  constructor(
    contract: object,
    private schemes: SchemeHandlers,
    private after: readonly RequestHandler[] = [],
    served?: Set<string>,
  ) {
    this.contract = contract as Contract;
    this.served = served ?? new Set();
  }

  /** The same routes with `handlers` run after each route's authentication (a limit that needs the principal). */
  then(...handlers: RequestHandler[]): ApiRoutes {
    return new ApiRoutes(this.contract, this.schemes, [...this.after, ...handlers], this.served);
  }

  /**
   * A router for the operations under `prefix` (a path template of the document), to be mounted at
   * `router.path`; the prefix's own parameters reach the handlers (mergeParams).
   */
  router<Prefix extends string>(prefix: Prefix): ApiRouter<Prefix> {
    return new ApiRouter(prefix, (method, path) => this.handlersOf(method, path));
  }

  /** The operations of the document no router serves, as `METHOD /path`. */
  unserved(): string[] {
    return Object.entries(this.contract.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m] && !this.served.has(`${m} ${path}`)).map((m) => `${m.toUpperCase()} ${path}`),
    );
  }

  /** What runs before the handler of one operation: its scheme's authentication, then `after` (none when open). */
  private handlersOf(method: Method, path: string): RequestHandler[] {
    const key = `${method} ${path}`;
    const op = this.contract.paths[path]?.[method];
    if (!op) throw new Error(`${key} is not an operation of the contract`);
    if (this.served.has(key)) throw new Error(`${key} is registered twice`);
    this.served.add(key);
    const security = op.security ?? [];
    if (security.length === 0) return [];
    const names = security.flatMap((requirement) => Object.keys(requirement));
    const scheme = names.length === 1 ? this.schemes[names[0]!] : undefined;
    if (!scheme) throw new Error(`${key}: no authentication for security ${JSON.stringify(security)}`);
    return [scheme, ...this.after];
  }
}

/** The routes of one prefix; each method registers one operation of the contract. */
export class ApiRouter<Prefix extends string> {
  /** Where to mount `router` (Express syntax). */
  readonly path: string;
  readonly router: Router;

  constructor(
    private prefix: Prefix,
    private handlersOf: (method: Method, path: string) => RequestHandler[],
  ) {
    this.path = expressPath(prefix) || "/";
    this.router = Router({ mergeParams: prefix.includes("{") });
  }

  get<P extends Under<Prefix, "get">>(path: P, handler: ApiHandler<P, "get">): this {
    return this.add("get", path, handler);
  }
  put<P extends Under<Prefix, "put">>(path: P, handler: ApiHandler<P, "put">): this {
    return this.add("put", path, handler);
  }
  post<P extends Under<Prefix, "post">>(path: P, handler: ApiHandler<P, "post">): this {
    return this.add("post", path, handler);
  }
  patch<P extends Under<Prefix, "patch">>(path: P, handler: ApiHandler<P, "patch">): this {
    return this.add("patch", path, handler);
  }
  delete<P extends Under<Prefix, "delete">>(path: P, handler: ApiHandler<P, "delete">): this {
    return this.add("delete", path, handler);
  }

  private add(method: Method, path: string, handler: (req: never, res: Response, next: NextFunction) => unknown): this {
    const rest = path.slice(this.prefix.length);
    if (!path.startsWith(this.prefix) || (rest && !rest.startsWith("/"))) throw new Error(`${path} is not under ${this.prefix}`);
    // The one cast: Express types a handler by its route string; the contract has typed this one by its operation.
    this.router[method](expressPath(rest) || "/", ...this.handlersOf(method, path), handler as RequestHandler);
    return this;
  }
}

/** The paths of the contract at or under `Prefix` (whole segments) that declare method `M`. */
type Under<Prefix extends string, M extends Method> = Extract<PathWith<M>, Prefix | `${Prefix}/${string}`>;
