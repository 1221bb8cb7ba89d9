// sdk-client on any runtime, against a running Parley server: register and read /me over the typed API, build and
// upload MLS key packages (ts-mls, Web Crypto), and connect the realtime client to its ready frame.
import { E2EClient, MemoryStore, createClient } from "@parley/sdk-client";

export async function probeClient(baseUrl, connectRealtime) {
  const client = createClient({ baseUrl });
  const tag = Math.random().toString(36).slice(2, 10);
  const reg = await client.register({ username: `rt_${tag}`, email: `rt_${tag}@example.test`, password: `pw-${tag}-long-enough` });
  const me = await client.me();
  const e2e = await E2EClient.open({
    client,
    store: new MemoryStore(),
    userId: reg.user.id,
    deviceId: reg.device_id,
    minKeyPackages: 2,
    batchSize: 2,
  });
  const { available } = await client.GET("/api/e2e/key-packages/count");
  const rt = connectRealtime({ baseUrl, tokenProvider: () => client.freshAccessToken() });
  try {
    const ready = await rt.ready();
    return {
      me: me.id === reg.user.id,
      keyPackages: available,
      e2e: typeof e2e.topUp,
      realtime: rt.state,
      readyUser: ready.user_id === reg.user.id,
    };
  } finally {
    await rt.close();
  }
}
