// An audit log, newest first, paged with `before`.
import { useState } from "react";
import type { components } from "@parley/sdk-client";
import { Async, ErrorBox, useAction, useLoad, when } from "../ui.tsx";

type Row = components["schemas"]["Spaces.AuditLogEntry"];

/** Callers ask for pages of this size; a shorter page is the last one. */
export const AUDIT_PAGE = 20;

export function AuditLog({ load }: { load: (before?: string) => Promise<Row[]> }) {
  const first = useLoad(() => load(), []);
  const [older, setOlder] = useState<Row[]>([]);
  const [done, setDone] = useState(false);
  const more = useAction(async () => {
    const rows = [...(first.data ?? []), ...older];
    const page = await load(rows[rows.length - 1]?.id);
    setOlder((o) => [...o, ...page]);
    if (page.length < AUDIT_PAGE) setDone(true);
  });
  const refresh = async () => {
    setOlder([]);
    setDone(false);
    await first.reload();
  };
  return (
    <Async state={first} what="the audit log">
      {(rows) => {
        const all = [...rows, ...older];
        return (
          <>
            {all.length === 0 ? (
              <p className="muted">Nothing recorded yet.</p>
            ) : (
              <div className="table-wrap">
                <table>
                  <caption className="sr-only">Audit log entries</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">Action</th>
                      <th scope="col">Target</th>
                      <th scope="col">Details</th>
                    </tr>
                  </thead>
                  <tbody>
                    {all.map((r) => (
                      <tr key={r.id}>
                        <td data-label="When">{when(r.created_at)}</td>
                        <td data-label="Action">
                          <code>{r.action}</code>
                        </td>
                        <td data-label="Target" className="small">
                          {r.target_type ?? "—"} {r.target_id && <span className="mono muted">{r.target_id.slice(0, 8)}…</span>}
                        </td>
                        <td data-label="Details" className="small mono wrap">
                          {JSON.stringify(r.data)}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
            <ErrorBox error={more.error} />
            <div className="row">
              <button type="button" className="secondary" onClick={() => void refresh()}>
                Refresh
              </button>
              {rows.length >= AUDIT_PAGE && !done && (
                <button type="button" className="secondary" disabled={more.busy} onClick={() => void more.run()}>
                  Older entries
                </button>
              )}
            </div>
          </>
        );
      }}
    </Async>
  );
}
