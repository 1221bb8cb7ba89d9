// The delivery log of one webhook, refreshed every 2 s while it is open, with a redeliver button per row.
import { useEffect } from "react";
import { usePortal } from "../context.ts";
import { Async, ErrorBox, useAction, useLoad, when } from "../ui.tsx";

const POLL_MS = 2000;

export function DeliveryLog({ botId, webhookId, onTick }: { botId: string; webhookId: string; onTick?: () => Promise<void> }) {
  const { client } = usePortal();
  const path = { bot_id: botId, webhook_id: webhookId };
  const log = useLoad(
    () => client.GET("/api/bots/{bot_id}/webhooks/{webhook_id}/deliveries", { params: { path } }),
    [client, botId, webhookId],
  );
  const { reload } = log;
  useEffect(() => {
    const t = setInterval(() => {
      void reload();
      void onTick?.();
    }, POLL_MS);
    return () => clearInterval(t);
  }, [reload, onTick]);
  const redeliver = useAction(async (deliveryId: string) => {
    await client.POST("/api/bots/{bot_id}/webhooks/{webhook_id}/deliveries/{delivery_id}/redeliver", {
      params: { path: { ...path, delivery_id: deliveryId } },
    });
    await log.reload();
  });
  return (
    <section className="deliveries" aria-label="Delivery log" aria-live="polite">
      <h4>Deliveries</h4>
      <ErrorBox error={redeliver.error} />
      <Async state={log} what="deliveries">
        {(rows) =>
          rows.length === 0 ? (
            <p className="muted">No deliveries yet. Press Ping to send one.</p>
          ) : (
            <div className="table-wrap">
              <table>
                <caption className="sr-only">Webhook deliveries, newest first</caption>
                <thead>
                  <tr>
                    <th scope="col">Event</th>
                    <th scope="col">Status</th>
                    <th scope="col">Attempts</th>
                    <th scope="col">Response</th>
                    <th scope="col">Error</th>
                    <th scope="col">Next attempt</th>
                    <th scope="col">
                      <span className="sr-only">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((d) => (
                    <tr key={d.id} data-delivery={d.id}>
                      <td data-label="Event">
                        <code>{d.type}</code>
                        <div className="muted small">{when(d.created_at)}</div>
                      </td>
                      <td data-label="Status">
                        <span className={`badge ${d.status === "delivered" ? "ok" : d.status === "pending" ? "" : "bad"}`}>{d.status}</span>
                      </td>
                      <td data-label="Attempts">{d.attempts}</td>
                      <td data-label="Response">{d.last_status_code ?? "—"}</td>
                      <td data-label="Error" className="wrap small">
                        {d.last_error ?? "—"}
                      </td>
                      <td data-label="Next attempt">{when(d.next_attempt_at)}</td>
                      <td>
                        <button
                          type="button"
                          className="secondary"
                          disabled={redeliver.busy}
                          onClick={() => void redeliver.run(d.id)}
                          aria-label={`Redeliver ${d.type} ${d.id.slice(0, 8)}`}
                        >
                          Redeliver
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Async>
    </section>
  );
}
