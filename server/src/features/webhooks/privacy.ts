// docs/webhooks.md#privacy: an invocation's option values (and its interaction token, a live credential) may sit in the
// outbox only while the delivery can still be attempted. Once a delivery is finished — delivered, failed for
// good, or skipped — its stored body keeps the envelope but loses those fields. A later manual redelivery of
// such a delivery therefore sends the redacted body (empty options, empty token): by then the token would have
// expired anyway (900 s) or soon will, and the option values are not ours to keep.
const REDACTED_EVENTS = new Set(["command.invoked"]);

export function redactFinishedBody(type: string, body: string): string {
  if (!REDACTED_EVENTS.has(type)) return body;
  try {
    const env = JSON.parse(body) as { data?: Record<string, unknown> };
    if (!env.data) return body;
    env.data.options = {};
    env.data.interaction_token = "";
    return JSON.stringify(env);
  } catch {
    return body;
  }
}

/**
 * redactFinishedBody of `body`, the text of `envelope`, made from the envelope itself (no parse): for a body
 * built moments ago whose attempt is made in this process. The same bytes (privacy.test.ts).
 */
export function finishedBodyOf(envelope: { type: string; data: object }, body: string): string {
  if (!REDACTED_EVENTS.has(envelope.type)) return body;
  return JSON.stringify({ ...envelope, data: { ...envelope.data, options: {}, interaction_token: "" } });
}
