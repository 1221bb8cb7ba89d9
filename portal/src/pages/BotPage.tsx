// One bot: edit, rotate its token, delete; its commands, webhooks and audit log.
import { useCallback, useEffect, useState } from "react";
import type { BotResponse } from "@parley/sdk-client";
import { usePortal } from "../context.ts";
import { Link, navigate } from "../router.tsx";
import { Async, Confirm, ErrorBox, Field, ShownOnce, useAction, useLoad } from "../ui.tsx";
import { CommandsPanel } from "./CommandsPanel.tsx";
import { WebhooksPanel } from "./WebhooksPanel.tsx";
import { AUDIT_PAGE, AuditLog } from "./AuditLog.tsx";

export function BotPage({ botId }: { botId: string }) {
  const { client } = usePortal();
  const bot = useLoad(() => client.GET("/api/bots/{bot_id}", { params: { path: { bot_id: botId } } }), [client, botId]);
  // Bumped by every change made here, so the audit log shows it without a manual refresh.
  const [changes, setChanges] = useState(0);
  const changed = useCallback(() => setChanges((n) => n + 1), []);
  return (
    <>
      <p>
        <Link to="/bots">← All bots</Link>
      </p>
      <Async state={bot} what="the bot">
        {(b) => (
          <>
            <h1>
              {b.display_name ?? b.username} <span className="muted">@{b.username}</span>{" "}
              <span className={`badge ${b.state === "ACTIVE" ? "ok" : "bad"}`}>{b.state}</span>
            </h1>
            <BotSettings bot={b} onSaved={async () => (await bot.reload(), changed())} />
            <CommandsPanel botId={b.id} />
            <WebhooksPanel botId={b.id} onChanged={changed} />
            <section aria-labelledby="bot-audit">
              <h2 id="bot-audit">Audit log</h2>
              <AuditLog
                key={changes}
                load={(before) =>
                  client.GET("/api/bots/{bot_id}/audit-log", {
                    params: { path: { bot_id: b.id }, query: { limit: AUDIT_PAGE, ...(before ? { before } : {}) } },
                  })
                }
              />
            </section>
          </>
        )}
      </Async>
    </>
  );
}

function BotSettings({ bot, onSaved }: { bot: BotResponse; onSaved: () => Promise<void> }) {
  const { client, setBotToken } = usePortal();
  const [f, setF] = useState({ username: bot.username, display_name: bot.display_name ?? "", description: bot.description ?? "" });
  useEffect(() => setF({ username: bot.username, display_name: bot.display_name ?? "", description: bot.description ?? "" }), [bot]);
  const [token, setToken] = useState<string | null>(null);
  const path = { params: { path: { bot_id: bot.id } } };
  const save = useAction(async () => {
    await client.PATCH("/api/bots/{bot_id}", {
      ...path,
      body: { username: f.username, display_name: f.display_name || null, description: f.description || null },
    });
    await onSaved();
  });
  const rotate = useAction(async () => {
    const res = await client.POST("/api/bots/{bot_id}/token/rotate", path);
    setBotToken(bot.id, res.token);
    setToken(res.token);
    void onSaved();
  });
  const remove = useAction(async () => {
    await client.DELETE("/api/bots/{bot_id}", path);
    setBotToken(bot.id, null);
    navigate("/bots");
  });
  return (
    <section aria-labelledby="bot-settings">
      <h2 id="bot-settings">Settings</h2>
      <form className="card" aria-label="Bot settings" onSubmit={(e) => (e.preventDefault(), void save.run())}>
        <Field label="Bot username">
          {(id) => (
            <input
              id={id}
              required
              minLength={3}
              maxLength={32}
              pattern="[A-Za-z0-9_.]+"
              value={f.username}
              onChange={(e) => setF({ ...f, username: e.target.value })}
            />
          )}
        </Field>
        <Field label="Display name" hint="Leave empty to clear.">
          {(id, hint) => (
            <input
              id={id}
              aria-describedby={hint}
              maxLength={64}
              value={f.display_name}
              onChange={(e) => setF({ ...f, display_name: e.target.value })}
            />
          )}
        </Field>
        <Field label="Description">
          {(id) => (
            <textarea
              id={id}
              maxLength={400}
              rows={2}
              value={f.description}
              onChange={(e) => setF({ ...f, description: e.target.value })}
            />
          )}
        </Field>
        <ErrorBox error={save.error} />
        <button type="submit" disabled={save.busy}>
          {save.busy ? "Saving…" : "Save"}
        </button>
      </form>
      <div className="card">
        <h3>Token</h3>
        <p className="muted">Rotating issues a new token; the old one stops working at once.</p>
        {token && <ShownOnce label="New bot token" value={token} onDone={() => setToken(null)} />}
        <ErrorBox error={rotate.error ?? remove.error} />
        <div className="row">
          <Confirm label="Rotate token" busy={rotate.busy} onConfirm={() => void rotate.run()} />
          <Confirm label="Delete bot" danger busy={remove.busy} onConfirm={() => void remove.run()} />
        </div>
      </div>
    </section>
  );
}
