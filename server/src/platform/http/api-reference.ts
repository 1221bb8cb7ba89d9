// The interactive API reference at /api/docs: Swagger UI (swagger-ui-dist) served from our own node_modules, so
// it works offline, over the contract itself; try-it-out calls the server that serves the page (whatever `servers`
// the published document names) with either security scheme.
import { createRequire } from "node:module";
import { dirname } from "node:path";
import express, { type Express } from "express";
import { pageHeaders } from "./security-headers.ts";

type Json = Record<string, unknown>;

const text = (v: unknown, otherwise = ""): string => (typeof v === "string" ? v : otherwise);

const DOCS_PATH = "/api/docs";
const ASSETS = `${DOCS_PATH}/assets`;

/**
 * Swagger UI fills in `http` schemes named `basic` and `bearer` only; ours for bots is `Bot`. The page's copy of
 * the document restates it as a header key, and the request interceptor below puts the scheme before a bare
 * token, so a bot author pastes the token as shown at creation. The published document is left as it is.
 */
function forTheReference(contract: Json): Json {
  const doc = structuredClone(contract) as Json & { components?: { securitySchemes?: Record<string, Json> } };
  const schemes = doc.components?.securitySchemes ?? {};
  for (const [name, s] of Object.entries(schemes)) {
    if (s.type === "http" && String(s.scheme).toLowerCase() === "bot") {
      schemes[name] = {
        type: "apiKey",
        in: "header",
        name: "Authorization",
        description: `${text(s.description)} Paste the token (\`bot_…\`); the page sends \`Authorization: Bot <token>\`.`.trim(),
      };
    }
  }
  // The published `servers` names the default address of `npm start`; the page talks to whoever served it.
  doc.servers = [{ url: "/", description: "This server" }];
  return doc;
}

/** JSON inside a <script> element: nothing in it may close the element or open a comment. */
const scriptSafe = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

// Runs in the browser. Kept free of template interpolation: the document travels as inert JSON beside it.
const BOOT = `
const spec = JSON.parse(document.getElementById("contract").textContent);
window.ui = SwaggerUIBundle({
  spec,
  dom_id: "#reference",
  deepLinking: true,
  filter: true,
  tryItOutEnabled: false,
  validatorUrl: null,
  persistAuthorization: false,
  presets: [SwaggerUIBundle.presets.apis],
  layout: "BaseLayout",
  requestInterceptor(req) {
    const auth = req.headers && req.headers.Authorization;
    if (typeof auth === "string" && /^bot_[0-9a-f]{48}$/.test(auth)) req.headers.Authorization = "Bot " + auth;
    return req;
  },
});`;

/** The page's own style, a file rather than inline: the page's policy allows only this server's style sheets. */
const PAGE_CSS = "body{margin:0}\n";

function page(contract: Json): string {
  const info = (contract.info ?? {}) as Json;
  const title = `${text(info.title, "API")} ${text(info.version)} reference`.replace(/[&<>"]/g, "");
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${title}</title>
<link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png">
<link rel="stylesheet" href="${ASSETS}/swagger-ui.css">
<link rel="stylesheet" href="${DOCS_PATH}/page.css">
</head>
<body>
<div id="reference"></div>
<noscript>This reference needs JavaScript. The machine-readable contract is at <a href="/api/openapi.json">/api/openapi.json</a>.</noscript>
<script id="contract" type="application/json">${scriptSafe(forTheReference(contract))}</script>
<script src="${ASSETS}/swagger-ui-bundle.js"></script>
<script src="${DOCS_PATH}/boot.js"></script>
</body>
</html>`;
}

export function mountApiReference(app: Express, contract: Json): void {
  const dist = dirname(createRequire(import.meta.url).resolve("swagger-ui-dist/package.json"));
  const html = page(contract);
  app.get(DOCS_PATH, pageHeaders, (_req, res) => void res.type("html").set("Cache-Control", "no-cache").send(html));
  app.get(`${DOCS_PATH}/boot.js`, (_req, res) => void res.type("text/javascript").set("Cache-Control", "no-cache").send(BOOT));
  app.get(`${DOCS_PATH}/page.css`, (_req, res) => void res.type("text/css").set("Cache-Control", "no-cache").send(PAGE_CSS));
  // Only what the page loads (no source maps, no sample index.html pointing at an outside document).
  const served = new Set(["swagger-ui-bundle.js", "swagger-ui.css", "favicon-32x32.png"]);
  app.use(ASSETS, (req, res, next) => (served.has(req.path.slice(1)) ? next() : void res.status(404).type("text").send("not found")));
  app.use(ASSETS, express.static(dist, { index: false, maxAge: "1d" }));
}
