// A bot's webhooks: create (an HTTPS endpoint, whose secret is shown once, or a socket webhook the bot hears over
// the gateway), state and failure counters, whether the bot has a gateway connection open, rotate the secret,
// ping, delete, and the live delivery log of each.
import { useState } from "react";
import type { components } from "@parley/sdk-client";
import { usePortal } from "../context.ts";
import { Async, Confirm, ErrorBox, Field, ShownOnce, useAction, useLoad, when } from "../ui.tsx";
import { DeliveryLog } from "./DeliveryLog.tsx";
import { EVENT_TYPES } from "../labels.ts";

type Webhook = components["schemas"]["Webhooks.WebhookResponse"];

export function WebhooksPanel({ botId, onChanged }: { botId: string; onChanged?: () => void }) {
  const { client } = usePortal();
  const path = { params: { path: { bot_id: botId } } };
  const hooks = useLoad(() => client.GET("/api/bots/{bot_id}/webhooks", path), [client, botId]);
  const [transport, setTransport] = useState<"http" | "socket">("http");
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<string[]>(["command.invoked"]);
  const [secret, setSecret] = useState<string | null>(null);
  const create = useAction(async () => {
    const body = transport === "socket" ? { transport, events } : { url, events };
    const res = await client.POST("/api/bots/{bot_id}/webhooks", { ...path, body });
    setSecret(res.secret ?? null);
    setUrl("");
    await hooks.reload();
    onChanged?.();
  });
  const flip = (ev: string, on: boolean) => setEvents((prev) => (on ? [...prev, ev] : prev.filter((e) => e !== ev)));
  return (
    <section aria-labelledby="bot-webhooks">
      <h2 id="bot-webhooks">Webhooks</h2>
      {secret && <ShownOnce label="Webhook signing secret" value={secret} onDone={() => setSecret(null)} />}
      <Async state={hooks} what="webhooks">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">No webhooks yet.</p>
          ) : (
            <ul className="cards">
              {list.map((h) => (
                <WebhookCard key={h.id} botId={botId} hook={h} onChange={hooks.reload} onChanged={onChanged} />
              ))}
            </ul>
          )
        }
      </Async>
      <form className="card" aria-label="Create a webhook" onSubmit={(e) => (e.preventDefault(), void create.run())}>
        <h3>Add a webhook</h3>
        <fieldset>
          <legend>How the bot receives events</legend>
          <div className="checks">
            <label className="check">
              <input type="radio" name="transport" checked={transport === "http"} onChange={() => setTransport("http")} />
              <span>
                HTTPS endpoint <span className="muted small">— the server POSTs signed events to a public URL</span>
              </span>
            </label>
            <label className="check">
              <input type="radio" name="transport" checked={transport === "socket"} onChange={() => setTransport("socket")} />
              <span>
                Socket (no public URL) <span className="muted small">— the bot connects to the gateway and receives events over it</span>
              </span>
            </label>
          </div>
        </fieldset>
        {transport === "http" && (
          <Field label="Webhook URL" hint="Must be https:// to a public host (http:// and local addresses only on development servers).">
            {(id, hint) => (
              <input
                id={id}
                aria-describedby={hint}
                type="url"
                required
                placeholder="https://example.com/parley"
                value={url}
                onChange={(e) => setUrl(e.target.value)}
              />
            )}
          </Field>
        )}
        <fieldset>
          <legend>Events to receive</legend>
          <div className="checks">
            {EVENT_TYPES.map(([ev, what]) => (
              <label key={ev} className="check">
                <input type="checkbox" checked={events.includes(ev)} onChange={(e) => flip(ev, e.target.checked)} />
                <span>
                  <code>{ev}</code> <span className="muted small">— when {what}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <ErrorBox error={create.error} />
        <button type="submit" disabled={create.busy || events.length === 0}>
          {create.busy ? "Creating…" : "Create webhook"}
        </button>
      </form>
    </section>
  );
}

function WebhookCard({
  botId,
  hook: h,
  onChange,
  onChanged,
}: {
  botId: string;
  hook: Webhook;
  onChange: () => Promise<void>;
  onChanged?: () => void;
}) {
  const { client } = usePortal();
  const path = { params: { path: { bot_id: botId, webhook_id: h.id } } };
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [pinged, setPinged] = useState<string | null>(null);
  const rotate = useAction(async () => {
    setSecret((await client.POST("/api/bots/{bot_id}/webhooks/{webhook_id}/rotate-secret", path)).secret);
    onChanged?.();
  });
  const ping = useAction(async () => {
    setPinged((await client.POST("/api/bots/{bot_id}/webhooks/{webhook_id}/ping", path)).delivery_id);
    setOpen(true);
  });
  const remove = useAction(async () => {
    await client.DELETE("/api/bots/{bot_id}/webhooks/{webhook_id}", path);
    await onChange();
    onChanged?.();
  });
  const suspended = h.state === "suspended";
  const socket = h.transport === "socket";
  const connections = h.gateway_connections ?? 0;
  return (
    <li className="card" aria-label={socket ? "Socket webhook" : `Webhook ${h.url}`}>
      <div className="row spread">
        <span className="mono wrap">{socket ? "Socket (bot gateway)" : h.url}</span>
        <span className={`badge ${suspended ? "bad" : "ok"}`}>{h.state}</span>
      </div>
      <dl className="facts">
        {socket && (
          <>
            <dt>Gateway</dt>
            <dd role="status">
              <span className={`badge ${connections ? "ok" : "bad"}`}>
                {connections ? `connected (${connections} connection${connections === 1 ? "" : "s"})` : "not connected"}
              </span>
            </dd>
          </>
        )}
        <dt>Events</dt>
        <dd>{h.events.join(", ")}</dd>
        <dt>Failures in a row</dt>
        <dd>{h.consecutive_failures} of 5</dd>
        <dt>Failures in total</dt>
        <dd>{h.failure_count}</dd>
        {suspended && (
          <>
            <dt>Suspended until</dt>
            <dd>{when(h.suspended_until)}</dd>
          </>
        )}
      </dl>
      {secret && <ShownOnce label="New signing secret" value={secret} onDone={() => setSecret(null)} />}
      {pinged && (
        <p className="muted small" role="status">
          Ping queued (delivery {pinged.slice(0, 8)}…).
        </p>
      )}
      <ErrorBox error={rotate.error ?? ping.error ?? remove.error} />
      <div className="row">
        <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
          {open ? "Hide deliveries" : "Deliveries"}
        </button>
        <button type="button" className="secondary" disabled={ping.busy} onClick={() => void ping.run()}>
          Ping
        </button>
        {!socket && <Confirm label="Rotate secret" busy={rotate.busy} onConfirm={() => void rotate.run()} />}
        <Confirm label="Delete webhook" danger busy={remove.busy} onConfirm={() => void remove.run()} />
      </div>
      {open && <DeliveryLog botId={botId} webhookId={h.id} onTick={onChange} />}
    </li>
  );
}
