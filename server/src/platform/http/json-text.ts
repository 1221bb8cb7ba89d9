// A JSON text made once (e.g. a cached record's) sent without Express's send path.
import type { Request, Response } from "express";

/**
 * Answers `text` as `res.json` would (status as set, `Content-Type: application/json; charset=utf-8`,
 * `Content-Length`). Express never answers 304 here (the app sets no ETag and no Last-Modified), so a
 * conditional request needs nothing else. (Response validation, in tests, sees the record on the cache miss that
 * made the text.)
 */
export function sendJsonText(req: Pick<Request, "method">, res: Response, text: string): void {
  res.setHeader("Content-Type", "application/json; charset=utf-8");
  res.setHeader("Content-Length", Buffer.byteLength(text));
  if (req.method === "HEAD") res.end();
  else res.end(text);
}
