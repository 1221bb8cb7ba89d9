// The caller's bots, and creating one (its token is shown this once).
import { useState } from "react";
import type { CreateBotResponse } from "@parley/sdk-client";
import { usePortal } from "../context.ts";
import { Link } from "../router.tsx";
import { Async, ErrorBox, Field, ShownOnce, useAction, useLoad, when } from "../ui.tsx";

export function BotsPage() {
  const { client, setBotToken } = usePortal();
  const bots = useLoad(() => client.GET("/api/bots"), [client]);
  const [created, setCreated] = useState<CreateBotResponse | null>(null);
  const [f, setF] = useState({ username: "", display_name: "", description: "" });
  const create = useAction(async () => {
    const res = await client.POST("/api/bots", {
      body: {
        username: f.username,
        ...(f.display_name ? { display_name: f.display_name } : {}),
        ...(f.description ? { description: f.description } : {}),
      },
    });
    setBotToken(res.bot.id, res.token);
    setCreated(res);
    setF({ username: "", display_name: "", description: "" });
    await bots.reload();
  });
  return (
    <>
      <h1>Bots</h1>
      {created && (
        <>
          <ShownOnce label={`Token of ${created.bot.username}`} value={created.token} onDone={() => setCreated(null)} />
          <p>
            <Link to={`/bots/${created.bot.id}`}>Open {created.bot.username}</Link>
          </p>
        </>
      )}
      <section aria-labelledby="your-bots">
        <h2 id="your-bots">Your bots</h2>
        <Async state={bots} what="bots">
          {(list) =>
            list.length === 0 ? (
              <p className="muted">No bots yet. Create one below.</p>
            ) : (
              <ul className="cards">
                {list.map((b) => (
                  <li key={b.id} className="card">
                    <Link to={`/bots/${b.id}`} className="title">
                      {b.display_name ?? b.username}
                    </Link>{" "}
                    <span className="muted">@{b.username}</span>{" "}
                    <span className={`badge ${b.state === "ACTIVE" ? "ok" : "bad"}`}>{b.state}</span>
                    {b.description && <p>{b.description}</p>}
                    <div className="muted small">Created {when(b.created_at)}</div>
                  </li>
                ))}
              </ul>
            )
          }
        </Async>
      </section>
      <section aria-labelledby="new-bot">
        <h2 id="new-bot">Create a bot</h2>
        <form className="card" aria-label="Create a bot" onSubmit={(e) => (e.preventDefault(), void create.run())}>
          <Field label="Bot username" hint="3 to 32 letters, digits, _ or .; unique across users and bots.">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                required
                minLength={3}
                maxLength={32}
                pattern="[A-Za-z0-9_.]+"
                value={f.username}
                onChange={(e) => setF({ ...f, username: e.target.value })}
              />
            )}
          </Field>
          <Field label="Display name (optional)">
            {(id) => <input id={id} maxLength={64} value={f.display_name} onChange={(e) => setF({ ...f, display_name: e.target.value })} />}
          </Field>
          <Field label="Description (optional)">
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
          <ErrorBox error={create.error} />
          <button type="submit" disabled={create.busy}>
            {create.busy ? "Creating…" : "Create bot"}
          </button>
        </form>
      </section>
    </>
  );
}
