// A form generated from a command's option schema: the input follows the type, choices become a
// select, min/max and required go on the inputs. Values leave typed, as the invoke endpoint expects them.
import { channelLabel } from "./ui.tsx";
import type { ChannelResponse, OptionValue, components } from "@parley/sdk-client";
import { Field } from "./ui.tsx";

export type CommandOption = components["schemas"]["Bot.CommandOption"];
export interface Member {
  user_id: string;
  username: string;
  display_name: string | null;
}

/** Raw form state: every field as the string its input holds ("" = not given). */
export type RawValues = Record<string, string>;

export function toOptionValues(options: CommandOption[], raw: RawValues): Record<string, OptionValue> {
  const out: Record<string, OptionValue> = {};
  for (const o of options) {
    const v = raw[o.name] ?? "";
    if (v === "") continue;
    if (o.choices?.length) {
      const choice = o.choices[Number(v)];
      if (choice) out[o.name] = choice.value;
    } else if (o.type === "integer" || o.type === "number") out[o.name] = Number(v);
    else if (o.type === "boolean") out[o.name] = v === "true";
    else out[o.name] = v;
  }
  return out;
}

export function OptionsForm(props: {
  options: CommandOption[];
  values: RawValues;
  onChange: (v: RawValues) => void;
  channels: ChannelResponse[];
  members: Member[];
}) {
  const set = (name: string, value: string) => props.onChange({ ...props.values, [name]: value });
  if (props.options.length === 0) return <p className="muted">This command takes no options.</p>;
  return (
    <fieldset>
      <legend>Options</legend>
      {props.options.map((o) => (
        <Field key={o.name} label={`${o.name}${o.required ? " (required)" : ""}`} hint={hintOf(o)}>
          {(id, hint) => (
            <OptionInput
              id={id}
              hint={hint}
              option={o}
              value={props.values[o.name] ?? ""}
              set={(v) => set(o.name, v)}
              channels={props.channels}
              members={props.members}
            />
          )}
        </Field>
      ))}
    </fieldset>
  );
}

function hintOf(o: CommandOption): string {
  const range = o.min !== undefined || o.max !== undefined ? ` From ${o.min ?? "any"} to ${o.max ?? "any"}.` : "";
  return `${o.description} (${o.type}).${range}`;
}

function OptionInput({
  id,
  hint,
  option: o,
  value,
  set,
  channels,
  members,
}: {
  id: string;
  hint?: string;
  option: CommandOption;
  value: string;
  set: (v: string) => void;
  channels: ChannelResponse[];
  members: Member[];
}) {
  const common = {
    id,
    "aria-describedby": hint,
    required: o.required,
    value,
    onChange: (e: { target: { value: string } }) => set(e.target.value),
  };
  const blank = <option value="">{o.required ? "Choose…" : "(not given)"}</option>;
  if (o.choices?.length)
    return (
      <select {...common}>
        {blank}
        {o.choices.map((c, i) => (
          <option key={i} value={String(i)}>
            {c.name}
          </option>
        ))}
      </select>
    );
  switch (o.type) {
    case "integer":
    case "number":
      return <input {...common} type="number" step={o.type === "integer" ? 1 : "any"} min={o.min} max={o.max} />;
    case "boolean":
      return (
        <select {...common}>
          {blank}
          <option value="true">true</option>
          <option value="false">false</option>
        </select>
      );
    case "channel":
      return (
        <select {...common}>
          {blank}
          {channels.map((c) => (
            <option key={c.id} value={c.id}>
              {channelLabel(c)}
            </option>
          ))}
        </select>
      );
    case "user":
      return (
        <select {...common}>
          {blank}
          {members.map((m) => (
            <option key={m.user_id} value={m.user_id}>
              {m.display_name ?? m.username} (@{m.username})
            </option>
          ))}
        </select>
      );
    default:
      return <input {...common} type="text" />;
  }
}
