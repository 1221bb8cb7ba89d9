// Try a command: pick space, channel and command from the channel's catalog, fill the generated form, invoke,
// and watch the bot's ephemeral reply arrive over the realtime connection.
import { useEffect, useState } from "react";
import type { InteractionResponseFrame } from "@parley/sdk-client";
import { usePortal } from "../context.ts";
import { OptionsForm, toOptionValues, type RawValues } from "../options-form.tsx";
import { Async, ErrorBox, Field, useAction, useLoad, when } from "../ui.tsx";

interface Sent {
  interaction_id: string;
  command: string;
  at: string;
}

export function TryPage() {
  const { client, realtime } = usePortal();
  const spaces = useLoad(() => client.spaces.mine(), [client]);
  const [spaceId, setSpaceId] = useState("");
  const [channelId, setChannelId] = useState("");
  const [pick, setPick] = useState("");
  const [values, setValues] = useState<RawValues>({});
  const [sent, setSent] = useState<Sent[]>([]);
  const [replies, setReplies] = useState<InteractionResponseFrame[]>([]);
  const [rtState, setRtState] = useState(realtime.state);

  useEffect(() => {
    const offs = [
      realtime.on("interaction:response", (f) => setReplies((r) => [f, ...r])),
      realtime.on("connected", () => setRtState("ready")),
      realtime.on("disconnected", () => setRtState(realtime.state)),
    ];
    setRtState(realtime.state);
    return () => offs.forEach((off) => off());
  }, [realtime]);

  const space = spaceId || spaces.data?.[0]?.id || "";
  const channels = useLoad(() => (space ? client.spaces.channels(space) : Promise.resolve([])), [client, space]);
  const textChannels = (channels.data ?? []).filter((c) => c.type === "text");
  const channel = channelId && textChannels.some((c) => c.id === channelId) ? channelId : (textChannels[0]?.id ?? "");
  const members = useLoad(() => (space ? client.spaces.members(space) : Promise.resolve([])), [client, space]);
  const catalog = useLoad(
    () => (space && channel ? client.commands.catalog(space, channel) : Promise.resolve({ commands: [] })),
    [client, space, channel],
  );
  const commands = catalog.data?.commands ?? [];
  const chosen = commands.find((c) => `${c.bot_user_id}/${c.name}` === pick) ?? commands[0];

  const invoke = useAction(async () => {
    if (!chosen) return;
    const res = await client.commands.invoke(space, channel, {
      bot_user_id: chosen.bot_user_id,
      command: chosen.name,
      options: toOptionValues(chosen.options, values),
    });
    setSent((s) => [{ interaction_id: res.interaction_id, command: `/${chosen.name}`, at: new Date().toISOString() }, ...s]);
  });

  return (
    <>
      <h1>Try a command</h1>
      <p className="muted">
        Replies are ephemeral: only you see them, over the live connection (
        <span role="status">{rtState === "ready" ? "connected" : rtState}</span>).
      </p>
      <Async state={spaces} what="spaces">
        {(list) =>
          list.length === 0 ? (
            <p className="muted">Create a space and install a bot first.</p>
          ) : (
            <form className="card" aria-label="Invoke a command" onSubmit={(e) => (e.preventDefault(), void invoke.run())}>
              <div className="grid2">
                <Field label="Space">
                  {(id) => (
                    <select
                      id={id}
                      value={space}
                      onChange={(e) => (setSpaceId(e.target.value), setChannelId(""), setPick(""), setValues({}))}
                    >
                      {list.map((s) => (
                        <option key={s.id} value={s.id}>
                          {s.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
                <Field label="Channel">
                  {(id) => (
                    <select id={id} value={channel} onChange={(e) => (setChannelId(e.target.value), setPick(""), setValues({}))}>
                      {textChannels.map((c) => (
                        <option key={c.id} value={c.id}>
                          #{c.name}
                        </option>
                      ))}
                    </select>
                  )}
                </Field>
              </div>
              <ErrorBox error={channels.error ?? members.error} />
              <Async state={catalog} what="commands">
                {() =>
                  commands.length === 0 ? (
                    <p className="muted">
                      No command is available in this channel. Install a bot with the “commands” scope and this channel allowed.
                    </p>
                  ) : (
                    <>
                      <Field label="Bot and command">
                        {(id) => (
                          <select
                            id={id}
                            value={chosen ? `${chosen.bot_user_id}/${chosen.name}` : ""}
                            onChange={(e) => (setPick(e.target.value), setValues({}))}
                          >
                            {commands.map((c) => (
                              <option key={`${c.bot_user_id}/${c.name}`} value={`${c.bot_user_id}/${c.name}`}>
                                {c.bot_display_name ?? c.bot_username}: /{c.name} — {c.description}
                              </option>
                            ))}
                          </select>
                        )}
                      </Field>
                      {chosen && (
                        <OptionsForm
                          key={`${chosen.bot_user_id}/${chosen.name}`}
                          options={chosen.options}
                          values={values}
                          onChange={setValues}
                          channels={channels.data ?? []}
                          members={members.data ?? []}
                        />
                      )}
                      <ErrorBox error={invoke.error} />
                      <button type="submit" disabled={invoke.busy || !chosen}>
                        {invoke.busy ? "Invoking…" : `Invoke /${chosen?.name ?? ""}`}
                      </button>
                    </>
                  )
                }
              </Async>
            </form>
          )
        }
      </Async>
      <section aria-labelledby="replies">
        <h2 id="replies">Invocations and replies</h2>
        {sent.length === 0 ? (
          <p className="muted">Nothing invoked yet.</p>
        ) : (
          <ol className="cards" aria-live="polite">
            {sent.map((s) => {
              const mine = replies.filter((r) => r.interaction_id === s.interaction_id);
              return (
                <li key={s.interaction_id} className="card" data-interaction={s.interaction_id}>
                  <div className="row spread">
                    <code>{s.command}</code>
                    <span className="muted small">{when(s.at)}</span>
                  </div>
                  {mine.length === 0 ? (
                    <p className="muted">Waiting for the bot's reply…</p>
                  ) : (
                    mine.map((r, i) => (
                      <p key={i} className="reply">
                        <span className="badge">only you</span> {r.content}
                      </p>
                    ))
                  )}
                </li>
              );
            })}
          </ol>
        )}
      </section>
    </>
  );
}
