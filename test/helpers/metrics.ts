// Test helper: one series of the server's Prometheus text (GET /metrics), as a number.
/** The value of `name{labels}` (labels in any order given as an object); throws when the series is missing. */
export async function metric(baseUrl: string, name: string, labels: Record<string, string> = {}): Promise<number> {
  const text = await (await fetch(`${baseUrl}/metrics`)).text();
  const want = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split("\n")) {
    const m = line.match(/^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/);
    if (!m || m[1] !== name) continue;
    const have = m[2] ? m[2].split(",") : [];
    if (want.every((w) => have.includes(w)) && have.length === want.length) return Number(m[3]);
  }
  if (!text.includes(`# TYPE ${name} `)) throw new Error(`no metric ${name}`);
  return 0; // a counter with labels has no series until its first increment
}
