// Client frames (CONTRACT 5): JSON objects with a string `type`. Anything else is named in one sentence,
// which the gateway sends back as `{"type":"error","detail"}`.
import type { RawData } from "ws";

export interface ClientFrame {
  type: string;
  [key: string]: unknown;
}

export type Parsed = { frame: ClientFrame } | { error: string };

function text(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString("utf8");
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString("utf8");
  return data.toString("utf8");
}

export function parseClientFrame(data: RawData, isBinary: boolean): Parsed {
  if (isBinary) return { error: "frames must be JSON text" };
  let value: unknown;
  try {
    value = JSON.parse(text(data));
  } catch {
    return { error: "frame is not valid JSON" };
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) return { error: "frame must be a JSON object" };
  const type = (value as { type?: unknown }).type;
  if (typeof type !== "string" || !type) return { error: "frame needs a string type" };
  return { frame: value as ClientFrame };
}
