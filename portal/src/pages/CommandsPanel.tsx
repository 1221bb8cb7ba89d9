// A bot's registered commands. They are read and switched with the BOT token (GET/PATCH /api/bot/commands),
// which the portal only holds in memory: right after create or rotate, or pasted here.
import { useState } from "react";
import type { components } from "@parley/sdk-client";
import { usePortal } from "../context.ts";
import { Async, ErrorBox, Field, useAction, useLoad } from "../ui.tsx";

type Command = components["schemas"]["Bot.CommandResponse"];

export function CommandsPanel({ botId }: { botId: string }) {
  const { botTokens, setBotToken } = usePortal();
  const token = botTokens.get(botId);
  const [paste, setPaste] = useState("");
  return (
    <section aria-labelledby="bot-commands">
      <h2 id="bot-commands">Commands</h2>
      {token ? (
        <>
          <CommandList token={token} />
          <div className="row">
            <button type="button" className="secondary" onClick={() => setBotToken(botId, null)}>
              Forget the token in this tab
            </button>
          </div>
        </>
      ) : (
        <form
          className="card"
          aria-label="Bot token for commands"
          onSubmit={(e) => (e.preventDefault(), setBotToken(botId, paste.trim()), setPaste(""))}
        >
          <p className="muted">
            Commands are read with the bot's own token. Paste it to see and switch its commands; it stays in this tab's memory only and is
            never stored.
          </p>
          <Field label="Bot token">
            {(id) => (
              <input
                id={id}
                type="password"
                autoComplete="off"
                required
                pattern="bot_[0-9a-f]{48}"
                className="mono"
                value={paste}
                onChange={(e) => setPaste(e.target.value)}
              />
            )}
          </Field>
          <button type="submit">Show commands</button>
        </form>
      )}
    </section>
  );
}

function CommandList({ token }: { token: string }) {
  const { client } = usePortal();
  const headers = { authorization: `Bot ${token}` };
  const commands = useLoad(() => client.GET("/api/bot/commands", { headers }), [client, token]);
  const toggle = useAction(async (name: string, enabled: boolean) => {
    await client.PATCH("/api/bot/commands/{name}", { params: { path: { name } }, body: { enabled }, headers });
    await commands.reload();
  });
  return (
    <Async state={commands} what="commands">
      {(list) =>
        list.length === 0 ? (
          <p className="muted">
            No commands registered. The bot registers them with <code>PUT /api/bot/commands</code>.
          </p>
        ) : (
          <>
            <ErrorBox error={toggle.error} />
            <ul className="cards">
              {list.map((c) => (
                <CommandCard key={c.name} command={c} busy={toggle.busy} onToggle={(on) => void toggle.run(c.name, on)} />
              ))}
            </ul>
            <div className="row">
              <button type="button" className="secondary" onClick={() => void commands.reload()}>
                Refresh commands
              </button>
            </div>
          </>
        )
      }
    </Async>
  );
}

function CommandCard({ command: c, busy, onToggle }: { command: Command; busy: boolean; onToggle: (on: boolean) => void }) {
  return (
    <li className="card">
      <div className="row spread">
        <span>
          <code className="title">/{c.name}</code> <span className="badge">v{c.version}</span>
        </span>
        <label className="inline">
          <input
            type="checkbox"
            role="switch"
            checked={c.enabled}
            disabled={busy}
            onChange={(e) => onToggle(e.target.checked)}
            aria-label={`/${c.name} enabled`}
          />
          {c.enabled ? "Enabled" : "Disabled"}
        </label>
      </div>
      <p>{c.description}</p>
      {c.options.length > 0 && (
        <ul className="options">
          {c.options.map((o) => (
            <li key={o.name}>
              <code>{o.name}</code> <span className="muted">{o.type}</span> {o.required && <span className="badge">required</span>} —{" "}
              {o.description}
              {o.choices && <span className="muted small"> (choices: {o.choices.map((ch) => ch.name).join(", ")})</span>}
              {(o.min !== undefined || o.max !== undefined) && (
                <span className="muted small">
                  {" "}
                  ({o.min ?? "…"} to {o.max ?? "…"})
                </span>
              )}
            </li>
          ))}
        </ul>
      )}
    </li>
  );
}
