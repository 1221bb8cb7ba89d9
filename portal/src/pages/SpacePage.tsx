// One space: its channels, the bots installed in it (for admins), and its audit log (admins).
import { channelLabel } from "../ui.tsx";
import { useState } from "react";
import { usePortal } from "../context.ts";
import { Link } from "../router.tsx";
import { Async, useLoad } from "../ui.tsx";
import { AUDIT_PAGE, AuditLog } from "./AuditLog.tsx";
import { InstallsPanel } from "./InstallsPanel.tsx";

export function SpacePage({ spaceId }: { spaceId: string }) {
  const { client } = usePortal();
  const space = useLoad(() => client.spaces.get(spaceId), [client, spaceId]);
  const channels = useLoad(() => client.spaces.channels(spaceId), [client, spaceId]);
  // Bumped by every install change, so the audit log below shows it without a manual refresh.
  const [changes, setChanges] = useState(0);
  return (
    <>
      <p>
        <Link to="/spaces">← All spaces</Link>
      </p>
      <Async state={space} what="the space">
        {(s) => {
          const admin = s.my_role === "owner" || s.my_role === "admin";
          return (
            <>
              <h1>
                {s.name} <span className="badge">{s.visibility}</span>
              </h1>
              {s.description && <p>{s.description}</p>}
              <dl className="facts">
                <dt>Your role</dt>
                <dd>{s.my_role ?? "—"}</dd>
                <dt>Members</dt>
                <dd>{s.member_count}</dd>
                <dt>Invite code</dt>
                <dd className="mono">{s.invite_code ?? "—"}</dd>
              </dl>
              <section aria-labelledby="space-channels">
                <h2 id="space-channels">Channels</h2>
                <Async state={channels} what="channels">
                  {(list) => (
                    <ul className="plain">
                      {list.map((c) => (
                        <li key={c.id}>{channelLabel(c)}</li>
                      ))}
                    </ul>
                  )}
                </Async>
              </section>
              {admin && channels.data ? (
                <InstallsPanel spaceId={s.id} channels={channels.data} onChanged={() => setChanges((n) => n + 1)} />
              ) : (
                !admin && <p className="muted">Only the space's owner and admins install bots and read its audit log.</p>
              )}
              {admin && (
                <section aria-labelledby="space-audit">
                  <h2 id="space-audit">Audit log</h2>
                  <AuditLog
                    key={changes}
                    load={(before) =>
                      client.GET("/api/spaces/{space_id}/audit-log", {
                        params: { path: { space_id: s.id }, query: { limit: AUDIT_PAGE, ...(before ? { before } : {}) } },
                      })
                    }
                  />
                </section>
              )}
            </>
          );
        }}
      </Async>
    </>
  );
}
