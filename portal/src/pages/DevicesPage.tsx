// The signed-in devices: trust one, or end every session but this one.
import { usePortal } from "../context.ts";
import { Async, Confirm, ErrorBox, useAction, useLoad, when } from "../ui.tsx";

export function DevicesPage() {
  const { client } = usePortal();
  const devices = useLoad(() => client.GET("/api/auth/devices"), [client]);
  const endOthers = useAction(async () => {
    await client.DELETE("/api/auth/devices");
    await devices.reload();
  });
  const trust = useAction(async (deviceId: string, trusted: boolean) => {
    await client.PATCH("/api/auth/devices/{device_id}/trust", { params: { path: { device_id: deviceId }, query: { trusted } } });
    await devices.reload();
  });
  return (
    <>
      <h1>Devices</h1>
      <p className="muted">Every place your account is signed in. A trusted device skips the two-factor step.</p>
      <ErrorBox error={endOthers.error ?? trust.error} />
      <Async state={devices} what="devices">
        {(list) => (
          <>
            <div className="table-wrap">
              <table>
                <caption className="sr-only">Signed-in devices</caption>
                <thead>
                  <tr>
                    <th scope="col">Device</th>
                    <th scope="col">Signed in</th>
                    <th scope="col">Last seen</th>
                    <th scope="col">Trusted</th>
                  </tr>
                </thead>
                <tbody>
                  {list.map((d) => (
                    <tr key={d.device_id}>
                      <td data-label="Device">
                        {d.name ?? "Unnamed device"} {d.current && <span className="badge">this one</span>}
                        <div className="muted small">{d.user_agent ?? ""}</div>
                      </td>
                      <td data-label="Signed in">{when(d.created_at)}</td>
                      <td data-label="Last seen">{when(d.last_seen_at)}</td>
                      <td data-label="Trusted">
                        <label className="inline">
                          <input
                            type="checkbox"
                            checked={d.trusted}
                            disabled={trust.busy}
                            onChange={(e) => void trust.run(d.device_id, e.target.checked)}
                          />
                          <span className="sr-only">Trust {d.name ?? "this device"}</span>
                          {d.trusted ? "yes" : "no"}
                        </label>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <p>
              <Confirm
                label="End every other session"
                danger
                busy={endOthers.busy || list.length < 2}
                onConfirm={() => void endOthers.run()}
              />
            </p>
          </>
        )}
      </Async>
    </>
  );
}
