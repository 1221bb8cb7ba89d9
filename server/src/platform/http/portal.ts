// Serves the developer portal's built files (portal/dist) at /portal/, with the single-page fallback to
// index.html for its own routes, and sends / there. Outside the contract (validation ignores these paths).
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import express, { type Express } from "express";
import { pageHeaders } from "./security-headers.ts";

const PORTAL_DIST = resolve(import.meta.dirname, "../../../../portal/dist");

export function mountPortal(app: Express, dist: string = PORTAL_DIST): void {
  const index = join(dist, "index.html");
  app.get("/", (_req, res) => res.redirect(302, "/portal/"));
  // The links in the service's e-mails ($PUBLIC_URL/verify-email?token=…) open the portal's pages for them.
  app.get(["/verify-email", "/reset-password"], (req, res) => res.redirect(302, `/portal${req.originalUrl}`));
  // Every answer under /portal: index.html goes out through the fallback below and, asked for by name, express.static.
  app.use("/portal", pageHeaders);
  // Express routes ignore a trailing slash, so the bare path is told apart by hand.
  app.get("/portal", (req, res, next) => (req.path === "/portal" ? res.redirect(301, "/portal/") : next()));
  // Hashed assets never change under one name; index.html must always be fresh.
  app.use("/portal/assets", express.static(join(dist, "assets"), { immutable: true, maxAge: "1y", index: false }));
  app.use("/portal/assets", (_req, res) => void res.status(404).type("text").send("not found"));
  app.use("/portal", express.static(dist, { index: false, maxAge: 0 }));
  app.get(/^\/portal(\/.*)?$/, (_req, res) => {
    // Checked per request: a portal built after the server started is picked up.
    if (!existsSync(index)) {
      res.status(404).type("text").send("The portal is not built: run `npm run build -w portal`.");
      return;
    }
    res.set("Cache-Control", "no-cache").sendFile(index);
  });
}
