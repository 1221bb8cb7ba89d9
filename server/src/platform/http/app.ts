// The request pipeline, in one order set once: request id and security headers → logger → metrics → well-formed
// escapes → JSON body → contract validation → no NUL characters → canonical ids → the features' routers
// (authentication and limits live there) → 404 → error renderer.
import { randomUUID } from "node:crypto";
import express, { type Express, type NextFunction, type Request, type RequestHandler, type Response } from "express";
import type { Logger } from "../logger.ts";
import type { Metrics } from "../metrics.ts";
import { HttpError } from "../errors.ts";
import type { TrustProxy } from "../config.ts";
import { ValidationFailed, fromValidatorError, validator } from "./validation.ts";
import { canonicalIds } from "./canonical-ids.ts";
import { everyAnswer } from "./security-headers.ts";
import { requestBody, type BodyFacts } from "./request-body.ts";
import { noNulCharacters, wellFormedEscapes } from "./request-text.ts";

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- augmenting Express.Request is done through its global namespace
  namespace Express {
    interface Request {
      id: string;
      log: Logger;
    }
  }
}

export interface HttpAppOptions {
  logger: Logger;
  metrics: Metrics;
  apiSpec: object;
  validateResponses: boolean;
  /** TRUST_PROXY (docs/configuration.md): unset keeps the socket's address as req.ip. */
  trustProxy?: TrustProxy;
  /** Routes outside the contract, mounted before validation (documents, static files). */
  mountOpen?: (app: Express) => void;
  /** The features' routers. */
  mount: (app: Express) => void;
}

const REQUEST_ID = /^[\w.:-]{1,128}$/;

/**
 * Requests no open route can serve: under /api/ but neither the contract document nor the API reference. Case
 * insensitive like Express's routing; anything else goes through the open routes first.
 */
const API_ONLY = /^\/api\/(?!(openapi\.json|docs)([/?]|$))/i;

function routeLabel(req: Request): string {
  const openapi = (req as Request & { openapi?: { openApiRoute?: string } }).openapi;
  if (openapi?.openApiRoute) return openapi.openApiRoute;
  const route = req.route as { path?: string | RegExp } | undefined;
  if (route?.path) return req.baseUrl + String(route.path);
  return "unmatched";
}

/** The counter and histogram children of one (method, route, status), looked up once per request by one key. */
function requestSeries(metrics: Metrics) {
  const known = new Map<string, { requests: { inc(): void }; duration: { observe(v: number): void } }>();
  return (method: string, route: string, status: number) => {
    const key = `${method} ${status} ${route}`;
    let s = known.get(key);
    if (!s) {
      const labels = { method, route, status: String(status) };
      s = { requests: metrics.httpRequests.labels(labels), duration: metrics.httpDuration.labels(labels) };
      known.set(key, s);
    }
    return s;
  };
}

export function createHttpApp(opts: HttpAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  app.set("etag", false);
  app.set("query parser", "simple");
  if (opts.trustProxy !== undefined) app.set("trust proxy", opts.trustProxy);
  lazyRequestLogger(app, opts.logger);
  const finished = requestFinished(opts.logger, opts.metrics);
  // The open routes (portal, documents: a dozen layers) sit behind one test, so that API requests do not walk them.
  let open: RequestHandler | undefined;
  if (opts.mountOpen) {
    const router = express.Router();
    opts.mountOpen(router as unknown as Express);
    open = router;
  }
  const api = apiFront(opts);
  const toApi = (req: Request, res: Response, next: NextFunction) => (err?: unknown) => (err ? next(err) : api(req, res, next));
  app.use((req: Request, res: Response, next: NextFunction) => {
    const given = req.headers["x-request-id"];
    req.id = typeof given === "string" && REQUEST_ID.test(given) ? given : randomUUID();
    res.setHeader("X-Request-Id", req.id);
    for (const [name, value] of everyAnswer) res.setHeader(name, value);
    (req as Request & { started: number }).started = performance.now();
    res.on("finish", finished);
    if (open && !API_ONLY.test(req.url)) return open(req, res, toApi(req, res, next));
    return api(req, res, next);
  });
  opts.mount(app);

  app.use((_req: Request, _res: Response, next: NextFunction) => next(new HttpError(404, "not found")));
  app.use(renderError);
  return app;
}

/**
 * The request's child logger is made on first use: most requests log nothing (a pino child per request was a
 * measurable share of a cheap request).
 */
function lazyRequestLogger(app: Express, logger: Logger): void {
  Object.defineProperty(app.request, "log", {
    configurable: true,
    get(this: Request & { _log?: Logger }) {
      return (this._log ??= logger.child({ reqId: this.id }));
    },
    set(this: Request & { _log?: Logger }, value: Logger) {
      this._log = value;
    },
  });
}

/**
 * One clock read at the start and one at the end, one label lookup: the same figures feed metrics and the log
 * line. One listener function for every response (no closure per request); the start time rides on the request.
 */
function requestFinished(logger: Logger, metrics: Metrics): (this: Response) => void {
  const series = requestSeries(metrics);
  const debug = logger.isLevelEnabled("debug");
  return function finished(this: Response) {
    const req = this.req as Request & { started: number };
    const seconds = (performance.now() - req.started) / 1e3;
    const route = routeLabel(req);
    const s = series(req.method, route, this.statusCode);
    s.requests.inc();
    s.duration.observe(seconds);
    if (debug || this.statusCode >= 500) {
      req.log[levelOf(this.statusCode)](
        { method: req.method, route, status: this.statusCode, ms: Math.round(seconds * 1e4) / 10 },
        "request",
      );
    }
  };
}

/**
 * The contract's validator and canonical ids: one Express layer for the whole front of the pipeline (each layer
 * the router walks costs a match, a closure and a try/catch per request; seven of them were a visible share of a
 * cheap request).
 */
function apiFront(opts: HttpAppOptions): RequestHandler {
  const bodies = new WeakMap<Request, BodyFacts>();
  return inOrder([
    wellFormedEscapes(),
    requestBody(bodies),
    ...validator(opts.apiSpec, opts.validateResponses),
    noNulCharacters(bodies),
    canonicalIds(opts.apiSpec),
  ]);
}

/** The one error middleware: an HttpError as its status and `{detail}` (and `errors` on a 422), anything else as 500. */
function renderError(raw: unknown, req: Request, res: Response, _next: NextFunction): void {
  const err = fromValidatorError(raw);
  if (err instanceof HttpError) {
    if (err.status >= 500) req.log[levelOf(err.status)]({ err: { message: err.message } }, "server error");
    res.status(err.status).set(err.headers);
    res.json(err instanceof ValidationFailed ? { detail: err.detail, errors: err.errors } : { detail: err.detail });
    return;
  }
  req.log.error({ err }, "unhandled error");
  res.status(500).json({ detail: "internal error" });
}

/**
 * Middlewares run in order as one: each one's `next()` calls the following one, an error (passed or thrown, or a
 * rejected promise as Express 5 handles it) skips to `done(err)`, and the last `next()` is `done()`.
 */
function inOrder(handlers: RequestHandler[]): RequestHandler {
  return (req, res, done) => new InOrder(handlers, req, res, done).next();
}

/**
 * One request's walk through `inOrder`. A class with a bound method rather than a closure made per request: under
 * tsx (esbuild keepNames) every named closure also costs a defineProperty call each time it is made.
 */
class InOrder {
  private i = 0;
  readonly next: (err?: unknown) => void;

  constructor(
    private handlers: RequestHandler[],
    private req: Request,
    private res: Response,
    private done: NextFunction,
  ) {
    this.next = this.step.bind(this);
  }

  private step(err?: unknown): void {
    if (err) return this.done(err);
    const h = this.handlers[this.i++];
    if (!h) return this.done();
    try {
      const r = h(this.req, this.res, this.next);
      if (r instanceof Promise) r.catch((e: unknown) => this.done(e ?? new Error("Rejected promise")));
    } catch (e) {
      this.done(e);
    }
  }
}

/**
 * A 503 is the service declining work it has no room for now (a busy hashing slot, a shutdown): expected under
 * load, and said to the client with Retry-After, so a warning; any other 5xx is a fault.
 */
const levelOf = (status: number) => (status === 503 ? "warn" : status >= 500 ? "error" : "debug");
