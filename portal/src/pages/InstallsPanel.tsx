// Bots installed in a space: install one of your bots with scopes and allowed channels, change an
// install (scopes, channels, suspended or active), or revoke it.
import { channelLabel } from "../ui.tsx";
import { useState } from "react";
import type { BotMembershipResponse, ChannelResponse } from "@parley/sdk-client";
import { usePortal } from "../context.ts";
import { SCOPES } from "../labels.ts";
import { Async, Confirm, ErrorBox, Field, useAction, useLoad, when } from "../ui.tsx";

export function InstallsPanel({ spaceId, channels, onChanged }: { spaceId: string; channels: ChannelResponse[]; onChanged?: () => void }) {
  const { client } = usePortal();
  const path = { params: { path: { space_id: spaceId } } };
  const loaded = useLoad(() => client.GET("/api/spaces/{space_id}/bots", path), [client, spaceId]);
  const installs = { ...loaded, reload: async () => (await loaded.reload(), onChanged?.()) };
  const bots = useLoad(() => client.GET("/api/bots"), [client]);
  return (
    <section aria-labelledby="space-bots">
      <h2 id="space-bots">Bots in this space</h2>
      <Async state={installs} what="installed bots">
        {(list) => (
          <>
            {list.length === 0 && <p className="muted">No bot installed yet.</p>}
            <ul className="cards">
              {list.map((m) => (
                <InstallCard
                  key={m.bot_user_id}
                  spaceId={spaceId}
                  install={m}
                  channels={channels}
                  name={bots.data?.find((b) => b.id === m.bot_user_id)?.username}
                  onChange={installs.reload}
                />
              ))}
            </ul>
            <Async state={bots} what="your bots">
              {(mine) => {
                const installable = mine.filter(
                  (b) => b.state === "ACTIVE" && !list.some((m) => m.bot_user_id === b.id && m.state !== "revoked"),
                );
                return installable.length === 0 ? (
                  <p className="muted">All your active bots are installed here (or you have none yet).</p>
                ) : (
                  <InstallForm spaceId={spaceId} channels={channels} bots={installable} onDone={installs.reload} />
                );
              }}
            </Async>
          </>
        )}
      </Async>
    </section>
  );
}

function ScopeAndChannelPicker(props: {
  scopes: string[];
  setScopes: (s: string[]) => void;
  allowed: string[];
  setAllowed: (c: string[]) => void;
  channels: ChannelResponse[];
}) {
  const toggle = (list: string[], v: string, on: boolean) => (on ? [...list, v] : list.filter((x) => x !== v));
  return (
    <>
      <fieldset>
        <legend>What the bot may do</legend>
        <div className="checks">
          {SCOPES.map(([scope, line]) => (
            <label key={scope} className="check">
              <input
                type="checkbox"
                checked={props.scopes.includes(scope)}
                onChange={(e) => props.setScopes(toggle(props.scopes, scope, e.target.checked))}
              />
              <span>
                <code>{scope}</code> — {line}
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset>
        <legend>Channels it may use</legend>
        <div className="checks">
          {props.channels.map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={props.allowed.includes(c.id)}
                onChange={(e) => props.setAllowed(toggle(props.allowed, c.id, e.target.checked))}
              />
              <span>{channelLabel(c)}</span>
            </label>
          ))}
        </div>
      </fieldset>
    </>
  );
}

function InstallForm({
  spaceId,
  channels,
  bots,
  onDone,
}: {
  spaceId: string;
  channels: ChannelResponse[];
  bots: { id: string; username: string }[];
  onDone: () => Promise<void>;
}) {
  const { client } = usePortal();
  const [botId, setBotId] = useState(bots[0]?.id ?? "");
  const [scopes, setScopes] = useState<string[]>(["commands"]);
  const [allowed, setAllowed] = useState<string[]>(channels.filter((c) => c.type === "text").map((c) => c.id));
  const install = useAction(async () => {
    await client.POST("/api/spaces/{space_id}/bots", {
      params: { path: { space_id: spaceId } },
      body: { bot_user_id: botId, scopes, allowed_channel_ids: allowed },
    });
    await onDone();
  });
  return (
    <form className="card" aria-label="Install a bot" onSubmit={(e) => (e.preventDefault(), void install.run())}>
      <h3>Install a bot</h3>
      <Field label="Bot">
        {(id) => (
          <select id={id} value={botId} onChange={(e) => setBotId(e.target.value)}>
            {bots.map((b) => (
              <option key={b.id} value={b.id}>
                {b.username}
              </option>
            ))}
          </select>
        )}
      </Field>
      <ScopeAndChannelPicker scopes={scopes} setScopes={setScopes} allowed={allowed} setAllowed={setAllowed} channels={channels} />
      <ErrorBox error={install.error} />
      <button type="submit" disabled={install.busy || !botId}>
        {install.busy ? "Installing…" : "Install"}
      </button>
    </form>
  );
}

function InstallCard({
  spaceId,
  install: m,
  channels,
  name,
  onChange,
}: {
  spaceId: string;
  install: BotMembershipResponse;
  channels: ChannelResponse[];
  name?: string;
  onChange: () => Promise<void>;
}) {
  const { client } = usePortal();
  const [editing, setEditing] = useState(false);
  const [scopes, setScopes] = useState<string[]>(m.scopes);
  const [allowed, setAllowed] = useState(m.allowed_channel_ids);
  const path = { params: { path: { space_id: spaceId, bot_user_id: m.bot_user_id } } };
  const save = useAction(async (body: { scopes?: string[]; allowed_channel_ids?: string[]; state?: "ACTIVE" | "suspended" }) => {
    await client.PATCH("/api/spaces/{space_id}/bots/{bot_user_id}", { ...path, body });
    setEditing(false);
    await onChange();
  });
  const revoke = useAction(async () => {
    await client.DELETE("/api/spaces/{space_id}/bots/{bot_user_id}", path);
    await onChange();
  });
  const channelName = (id: string) => channels.find((c) => c.id === id)?.name ?? id.slice(0, 8);
  const revoked = m.state === "revoked";
  return (
    <li className="card" aria-label={`Install of ${name ?? m.bot_user_id}`}>
      <div className="row spread">
        <span className="title">{name ?? <span className="mono">{m.bot_user_id}</span>}</span>
        <span className={`badge ${m.state === "ACTIVE" ? "ok" : "bad"}`}>{m.state}</span>
      </div>
      {editing ? (
        <form aria-label="Change install" onSubmit={(e) => (e.preventDefault(), void save.run({ scopes, allowed_channel_ids: allowed }))}>
          <ScopeAndChannelPicker scopes={scopes} setScopes={setScopes} allowed={allowed} setAllowed={setAllowed} channels={channels} />
          <ErrorBox error={save.error} />
          <div className="row">
            <button type="submit" disabled={save.busy}>
              Save install
            </button>
            <button type="button" className="secondary" onClick={() => setEditing(false)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <>
          <dl className="facts">
            <dt>Scopes</dt>
            <dd>{m.scopes.length ? m.scopes.join(", ") : "none"}</dd>
            <dt>Channels</dt>
            <dd>{m.allowed_channel_ids.length ? m.allowed_channel_ids.map((c) => "#" + channelName(c)).join(", ") : "none"}</dd>
            <dt>Installed</dt>
            <dd>{when(m.created_at)}</dd>
          </dl>
          <ErrorBox error={save.error ?? revoke.error} />
          {!revoked && (
            <div className="row">
              <button type="button" onClick={() => (setScopes(m.scopes), setAllowed(m.allowed_channel_ids), setEditing(true))}>
                Change
              </button>
              <button
                type="button"
                className="secondary"
                disabled={save.busy}
                onClick={() => void save.run({ state: m.state === "ACTIVE" ? "suspended" : "ACTIVE" })}
              >
                {m.state === "ACTIVE" ? "Suspend here" : "Reactivate"}
              </button>
              <Confirm label="Revoke install" danger busy={revoke.busy} onConfirm={() => void revoke.run()} />
            </div>
          )}
        </>
      )}
    </li>
  );
}
