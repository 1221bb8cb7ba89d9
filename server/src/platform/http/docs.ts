// A readable API reference rendered from the contract itself, with no external assets.
type Json = Record<string, unknown>;

const esc = (s: unknown) => String(s ?? "").replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);

function schemaText(schema: unknown): string {
  return JSON.stringify(schema, null, 2);
}

export function renderDocs(spec: Json): string {
  const info = spec.info as Json;
  const paths = spec.paths as Record<string, Record<string, Json>>;
  const schemas = ((spec.components as Json)?.schemas ?? {}) as Record<string, unknown>;
  const ops = Object.entries(paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([m]) => ["get", "put", "post", "patch", "delete"].includes(m))
      .map(([method, op]) => ({ path, method, op })),
  );
  const opHtml = ops
    .map(({ path, method, op }) => {
      const params = ((op.parameters as Json[]) ?? []).map((p) => `<li><code>${esc(p.name)}</code> in ${esc(p.in)}${p.required ? " (required)" : ""}</li>`).join("");
      const body = (op.requestBody as Json | undefined)?.content as Json | undefined;
      const responses = Object.entries((op.responses as Json) ?? {}).map(([code, r]) => `<li><b>${esc(code)}</b> ${esc((r as Json).description)}</li>`).join("");
      const auth = ((op.security as Json[]) ?? []).map((s) => Object.keys(s).join(" ")).join(", ") || "none";
      return `<section id="${esc(op.operationId)}"><h3><span class="m ${method}">${method.toUpperCase()}</span> <code>${esc(path)}</code></h3>
<p>${esc(op.summary)} · auth: ${esc(auth)}</p>${params ? `<h4>Parameters</h4><ul>${params}</ul>` : ""}
${body ? `<h4>Body</h4><pre>${esc(schemaText((body["application/json"] as Json)?.schema))}</pre>` : ""}<h4>Responses</h4><ul>${responses}</ul></section>`;
    })
    .join("\n");
  const schemaHtml = Object.entries(schemas).map(([name, s]) => `<section id="schema-${esc(name)}"><h3>${esc(name)}</h3><pre>${esc(schemaText(s))}</pre></section>`).join("\n");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${esc(info.title)} ${esc(info.version)}</title><style>
body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#1b1b1f}
pre{background:#f4f4f6;padding:.75rem;overflow:auto;font-size:13px}.m{font:600 12px monospace;padding:2px 6px;border-radius:3px;background:#e3e3ea}
.get{background:#d7f0dd}.post{background:#dbe7fb}.put,.patch{background:#fbefd5}.delete{background:#f8d9d9}section{border-top:1px solid #ddd;padding:.5rem 0}
</style></head><body><h1>${esc(info.title)} <small>${esc(info.version)}</small></h1><p>${esc(info.description)}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p><h2>Operations</h2>${opHtml}<h2>Schemas</h2>${schemaHtml}</body></html>`;
}
