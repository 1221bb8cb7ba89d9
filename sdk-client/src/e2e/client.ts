// End-to-end encrypted chat on MLS: one MLS client per device session. Publishes and tops up
// KeyPackages, creates a channel's group on first use (or joins it by Welcome or external commit), adds and
// removes members' devices, applies commits strictly in epoch order (catching up with GET …/commits?since=
// after a 409 or a gap), and encrypts/decrypts messages. State lives in a pluggable E2EStore.
import type { ParleyClient } from "../client.ts";
import { isApiError } from "../errors.ts";
import type { RealtimeClient } from "../realtime/client.ts";
import type { E2eCommitFrame, E2eMembershipFrame, E2eWelcomeFrame } from "../realtime/frames.ts";
import type * as T from "../types.ts";
import { fromB64, fromUtf8, packJson, toB64, unpackJson, utf8 } from "./codec.ts";
import * as mls from "./mls.ts";
import type { E2EStore } from "./store.ts";

/** Options of {@link E2EClient.open}. */
export interface E2EOptions {
  client: ParleyClient;
  store: E2EStore;
  userId: string;
  /** The device session id (login/register `device_id`). */
  deviceId: string;
  /** Top up when fewer one-time KeyPackages than this are left on the server (default 10). */
  minKeyPackages?: number;
  /** How many to upload per top-up (default 20, at most 100). */
  batchSize?: number;
  /** How long a device whose group exists waits for a Welcome before joining by external commit (default 1500 ms). */
  welcomeWaitMs?: number;
}

interface OwnPackage {
  publicPackage: mls.KeyPackage;
  privatePackage: mls.PrivateKeyPackage;
}

interface GroupRecord {
  spaceId: string;
  state: Uint8Array;
}

const K = {
  kp: (ref: string) => `kp:${ref}`,
  lastResort: "kp-last-resort",
  group: (channelId: string) => `group:${channelId}`,
  plain: (messageId: string) => `plain:${messageId}`,
  welcome: (channelId: string) => `welcome:${channelId}`,
};

/** End-to-end encryption on MLS for one device: publishes key packages, keeps a group per channel, and encrypts and decrypts messages. Open with {@link E2EClient.open}. */
export class E2EClient {
  private locks = new Map<string, Promise<unknown>>();
  private welcomeWaiters = new Map<string, () => void>();
  private readonly id: mls.Identity;

  private constructor(private o: Required<E2EOptions>) {
    this.id = { userId: o.userId, deviceId: o.deviceId };
  }

  /**
   * Opens the client, makes sure the server holds enough KeyPackages for this device, and takes the Welcomes the
   * server kept for it while it was offline (so ensureGroup joins those groups by Welcome).
   */
  static async open(options: E2EOptions): Promise<E2EClient> {
    const e2e = new E2EClient({ minKeyPackages: 10, batchSize: 20, welcomeWaitMs: 1500, ...options });
    await e2e.topUp();
    await e2e.fetchWelcomes();
    return e2e;
  }

  /**
   * Takes the Welcomes the server kept for this device (answered once, newest first, a page per claim: spec/e2e)
   * until none are left, and keeps the newest per channel for ensureGroup. Called by open() and on every realtime
   * (re)connect; answers how many channels got one.
   */
  async fetchWelcomes(): Promise<number> {
    const channels = new Set<string>();
    for (;;) {
      const kept = await this.o.client.POST("/api/e2e/welcomes/claim");
      if (!kept.length) break;
      for (const w of kept) {
        if (channels.has(w.channel_id)) continue; // later pages are older
        channels.add(w.channel_id);
        await this.o.store.set(K.welcome(w.channel_id), utf8(w.welcome));
        this.welcomeWaiters.get(w.channel_id)?.();
      }
    }
    return channels.size;
  }

  /** Uploads a batch of one-time KeyPackages (and the last-resort one, once) when the server runs low. */
  async topUp(): Promise<number> {
    const { available } = await this.o.client.GET("/api/e2e/key-packages/count");
    const needLastResort = !(await this.o.store.get(K.lastResort));
    if (available >= this.o.minKeyPackages && !needLastResort) return available;
    const fresh =
      available >= this.o.minKeyPackages
        ? []
        : await Promise.all(Array.from({ length: Math.min(this.o.batchSize, 100) }, () => this.newPackage()));
    const lastResort = needLastResort ? await this.newPackage() : undefined;
    if (lastResort) await this.o.store.set(K.lastResort, packJson({ ref: await mls.keyPackageRef(lastResort.publicPackage) }));
    const body = {
      key_packages: fresh.map((p) => mls.encodeKeyPackage(p.publicPackage)),
      ...(lastResort && { last_resort: mls.encodeKeyPackage(lastResort.publicPackage) }),
    };
    if (!body.key_packages.length && lastResort) body.key_packages.push(mls.encodeKeyPackage((await this.newPackage()).publicPackage));
    return (await this.o.client.POST("/api/e2e/key-packages", { body })).available;
  }

  /** Handles `e2e:commit`, `e2e:welcome` and `e2e:membership` frames; returns the function that stops it. */
  attach(realtime: RealtimeClient): () => void {
    const offs = [
      realtime.on("e2e:commit", (f) => void this.onCommit(f).catch(() => {})),
      realtime.on("e2e:welcome", (f) => void this.onWelcome(f).catch(() => {})),
      realtime.on("e2e:membership", (f) => void this.onMembership(f).catch(() => {})),
      // Welcomes sent while this device was disconnected were kept by the server: take them after each reconnect.
      realtime.on("connected", () => void this.fetchWelcomes().catch(() => {})),
    ];
    return () => offs.forEach((off) => off());
  }

  /** The channel group's epoch as this device sees it (null when it is not in the group). */
  async epoch(channelId: string): Promise<number | null> {
    const rec = await this.record(channelId);
    return rec ? mls.epochOf(mls.loadState(rec.state)) : null;
  }

  /** Makes this device a member of the channel's group: creates it, joins by Welcome, or joins externally. */
  async ensureGroup(spaceId: string, channelId: string): Promise<void> {
    await this.locked(channelId, () => this.ensureLocked(spaceId, channelId));
  }

  /** Encrypts `text` at the channel's current epoch and posts it. */
  async send(spaceId: string, channelId: string, text: string, extra: { reply_to?: string } = {}): Promise<T.ChatMessage> {
    await this.ensureGroup(spaceId, channelId);
    return this.locked(channelId, async () => {
      const state = await this.catchUp(channelId);
      if (!state) throw new Error("not a member of the channel group");
      const out = await mls.encrypt(state, utf8(text));
      await this.save(channelId, spaceId, out.state);
      const msg = await this.o.client.messages.post(spaceId, channelId, {
        ciphertext: out.ciphertext,
        epoch: mls.epochOf(out.state),
        ...extra,
      });
      // MLS senders cannot decrypt their own messages: remember the plaintext.
      await this.o.store.set(K.plain(msg.id), utf8(text));
      return msg;
    });
  }

  /** The plaintext of a message (bot and service messages: their content), or null when it cannot be decrypted. */
  async decrypt(message: T.ChatMessage): Promise<string | null> {
    if (message.kind !== "user") return message.content;
    const cached = await this.o.store.get(K.plain(message.id));
    if (cached) return fromUtf8(cached);
    if (!message.ciphertext) return null;
    return this.locked(message.channel_id, async () => {
      let m: ReturnType<typeof mls.decode>;
      try {
        m = mls.decode(message.ciphertext!);
      } catch {
        return null;
      }
      let rec = await this.record(message.channel_id);
      if (!rec) return null;
      const epoch = mls.messageEpoch(m);
      let state = mls.loadState(rec.state);
      // A message from a later epoch: fetch the commits in between first. That fails once this user left the
      // space; decryption is still attempted, and MLS refuses it (no keys for that epoch).
      if (epoch !== null && epoch > state.groupContext.epoch) state = (await this.catchUp(message.channel_id).catch(() => null)) ?? state;
      try {
        const res = await mls.process(state, m);
        if (res.kind !== "applicationMessage") return null;
        rec = await this.record(message.channel_id);
        await this.save(message.channel_id, rec!.spaceId, res.newState);
        const text = fromUtf8(res.message);
        await this.o.store.set(K.plain(message.id), utf8(text));
        return text;
      } catch {
        return null;
      }
    });
  }

  /** The channel's messages (newest first) with their plaintexts. */
  async read(
    spaceId: string,
    channelId: string,
    query?: { limit?: number; before?: string },
  ): Promise<{ message: T.ChatMessage; text: string | null }[]> {
    const list = await this.o.client.messages.list(spaceId, channelId, query);
    const out: { message: T.ChatMessage; text: string | null }[] = [];
    // Oldest first: MLS decrypts a sender's messages in generation order most cheaply.
    for (const message of [...list].reverse()) out.unshift({ message, text: await this.decrypt(message) });
    return out;
  }

  /** Adds every device of `userIds` that is not in the group yet (claims one KeyPackage per device). */
  async addUsers(spaceId: string, channelId: string, userIds: string[]): Promise<number> {
    return this.locked(channelId, () => this.changeMembers(spaceId, channelId, userIds, []));
  }

  /** Removes every device of `userIds` from the group. */
  async removeUsers(spaceId: string, channelId: string, userIds: string[]): Promise<number> {
    return this.locked(channelId, () => this.changeMembers(spaceId, channelId, [], userIds));
  }

  // ---- internals ----

  private async newPackage(): Promise<OwnPackage> {
    const p = await mls.newKeyPackage(this.id);
    await this.o.store.set(
      K.kp(await mls.keyPackageRef(p.publicPackage)),
      packJson({ pub: fromB64(mls.encodeKeyPackage(p.publicPackage)), priv: p.privatePackage }),
    );
    return p;
  }

  private async ownPackage(ref: string): Promise<OwnPackage | null> {
    const raw = await this.o.store.get(K.kp(ref));
    if (!raw) return null;
    const { pub, priv } = unpackJson<{ pub: Uint8Array; priv: mls.PrivateKeyPackage }>(raw);
    return { publicPackage: mls.decodeAs(toB64(pub), "mls_key_package").keyPackage, privatePackage: priv };
  }

  private async record(channelId: string): Promise<GroupRecord | null> {
    const raw = await this.o.store.get(K.group(channelId));
    return raw ? unpackJson<GroupRecord>(raw) : null;
  }

  private async save(channelId: string, spaceId: string, state: mls.ClientState): Promise<void> {
    if (mls.isRemoved(state)) await this.o.store.delete(K.group(channelId));
    else await this.o.store.set(K.group(channelId), packJson({ spaceId, state: mls.saveState(state) }));
  }

  /** Runs `fn` alone for the channel: group state changes are strictly sequential. */
  private locked<R>(channelId: string, fn: () => Promise<R>): Promise<R> {
    const prev = this.locks.get(channelId) ?? Promise.resolve();
    const run = prev.catch(() => {}).then(fn);
    this.locks.set(channelId, run);
    return run;
  }

  /** Applies the commits this device missed, in order; null when it is not (or no longer) in the group. */
  private async catchUp(channelId: string): Promise<mls.ClientState | null> {
    const rec = await this.record(channelId);
    if (!rec) return null;
    let state = mls.loadState(rec.state);
    for (;;) {
      const { commits } = await this.o.client.GET("/api/e2e/channels/{channel_id}/commits", {
        params: { path: { channel_id: channelId }, query: { since: mls.epochOf(state), limit: 100 } },
      });
      const from = mls.epochOf(state);
      for (const c of commits) {
        if (c.epoch !== mls.epochOf(state) + 1) continue;
        const res = await mls.process(state, mls.decode(c.commit));
        state = res.newState;
        if (mls.isRemoved(state)) {
          await this.save(channelId, rec.spaceId, state);
          return null;
        }
      }
      // A page ends at 100 commits or at the server's size cap (spec/e2e): only an empty one says none are left
      // (or one that moved nothing: the commits after this epoch are gone).
      if (!commits.length || mls.epochOf(state) === from) break;
    }
    await this.save(channelId, rec.spaceId, state);
    return state;
  }

  private async ensureLocked(spaceId: string, channelId: string): Promise<void> {
    if (await this.record(channelId)) {
      if (await this.catchUp(channelId)) return;
    }
    for (let attempt = 0; attempt < 8; attempt++) {
      if (await this.joinByWelcome(spaceId, channelId)) return;
      const group = await this.o.client.GET("/api/e2e/channels/{channel_id}/group", { params: { path: { channel_id: channelId } } });
      if (group.epoch === 0) {
        if (await this.createGroup(spaceId, channelId)) return;
        continue;
      }
      if (attempt === 0 && (await this.waitForWelcome(channelId))) continue;
      if (await this.joinExternally(spaceId, channelId, group.epoch, group.group_info!)) return;
    }
    throw new Error("could not join the channel group (too much contention)");
  }

  private async joinByWelcome(spaceId: string, channelId: string): Promise<boolean> {
    const raw = await this.o.store.get(K.welcome(channelId));
    if (!raw) return false;
    await this.o.store.delete(K.welcome(channelId));
    const welcome = mls.decodeAs(fromUtf8(raw), "mls_welcome").welcome;
    for (const secret of welcome.secrets) {
      const ref = Array.from(secret.newMember, (b) => b.toString(16).padStart(2, "0")).join("");
      const own = await this.ownPackage(ref);
      if (!own) continue;
      try {
        const state = await mls.join(welcome, own);
        await this.save(channelId, spaceId, state);
      } catch {
        return false;
      }
      if ((await this.o.store.get(K.lastResort)) && !(await this.isLastResort(ref))) await this.o.store.delete(K.kp(ref));
      return (await this.catchUp(channelId)) !== null;
    }
    return false;
  }

  private async isLastResort(ref: string): Promise<boolean> {
    const raw = await this.o.store.get(K.lastResort);
    return raw ? unpackJson<{ ref: string }>(raw).ref === ref : false;
  }

  private waitForWelcome(channelId: string): Promise<boolean> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.welcomeWaiters.delete(channelId);
        resolve(false);
      }, this.o.welcomeWaitMs);
      this.welcomeWaiters.set(channelId, () => {
        clearTimeout(timer);
        this.welcomeWaiters.delete(channelId);
        resolve(true);
      });
    });
  }

  private async createGroup(spaceId: string, channelId: string): Promise<boolean> {
    const own = await mls.newKeyPackage(this.id);
    let state = await mls.newGroup(channelId, own);
    const members = await this.o.client.spaces.members(spaceId);
    const adds = await this.claimAdds(
      state,
      members.map((m) => m.user_id),
    );
    const out = await mls.commit(state, adds.proposals);
    if (!(await this.post(channelId, 0, out, adds.deviceIds))) return false;
    state = out.state;
    await this.save(channelId, spaceId, state);
    return true;
  }

  private async joinExternally(spaceId: string, channelId: string, epoch: number, groupInfo: string): Promise<boolean> {
    const out = await mls.externalJoin(groupInfo, await mls.newKeyPackage(this.id));
    if (!(await this.post(channelId, epoch, out, []))) return false;
    await this.save(channelId, spaceId, out.state);
    return true;
  }

  /** Claims KeyPackages for the devices of `userIds` not yet in the tree, as Add proposals. */
  private async claimAdds(state: mls.ClientState, userIds: string[]): Promise<{ proposals: mls.Proposal[]; deviceIds: string[] }> {
    const present = new Set(mls.members(state).map((m) => m.id && `${m.id.userId}/${m.id.deviceId}`));
    const proposals: mls.Proposal[] = [];
    const deviceIds: string[] = [];
    const ids = [...new Set(userIds)];
    for (let i = 0; i < ids.length; i += 100) {
      const { key_packages } = await this.o.client.POST("/api/e2e/key-packages/claim", { body: { user_ids: ids.slice(i, i + 100) } });
      for (const kp of key_packages) {
        if (present.has(`${kp.user_id}/${kp.device_id}`)) continue;
        let keyPackage: mls.KeyPackage;
        try {
          keyPackage = mls.decodeAs(kp.key_package, "mls_key_package").keyPackage;
        } catch {
          continue; // a device that published garbage is left out rather than blocking everyone
        }
        // The package must speak for the device the directory says it belongs to.
        const cred = keyPackage.leafNode.credential;
        const who = cred.credentialType === "basic" ? mls.parseIdentity(cred.identity) : null;
        if (!who || who.userId !== kp.user_id || who.deviceId !== kp.device_id) continue;
        proposals.push({ proposalType: "add", add: { keyPackage } });
        deviceIds.push(kp.device_id);
        present.add(`${kp.user_id}/${kp.device_id}`);
      }
    }
    return { proposals, deviceIds };
  }

  /** Posts a commit; false on 409 (another commit won the epoch). */
  private async post(
    channelId: string,
    epoch: number,
    out: { commit: string; groupInfo: string; welcome?: string },
    welcomeDeviceIds: string[],
  ): Promise<boolean> {
    try {
      await this.o.client.POST("/api/e2e/channels/{channel_id}/commits", {
        params: { path: { channel_id: channelId } },
        body: {
          epoch,
          commit: out.commit,
          group_info: out.groupInfo,
          ...(out.welcome && welcomeDeviceIds.length ? { welcome: out.welcome, welcome_device_ids: welcomeDeviceIds } : {}),
        },
      });
      return true;
    } catch (err) {
      if (isApiError(err) && err.status === 409) return false;
      throw err;
    }
  }

  /** Commits Adds for `add` users' missing devices and Removes for every leaf of `remove` users, retrying on 409. */
  private async changeMembers(spaceId: string, channelId: string, add: string[], remove: string[]): Promise<number> {
    for (let attempt = 0; attempt < 8; attempt++) {
      const state = await this.catchUp(channelId);
      if (!state) throw new Error("not a member of the channel group");
      const gone = new Set(remove);
      const removals: mls.Proposal[] = mls
        .members(state)
        .filter((m) => m.id && gone.has(m.id.userId) && !(m.id.userId === this.id.userId && m.id.deviceId === this.id.deviceId))
        .map((m) => ({ proposalType: "remove", remove: { removed: m.leaf } }));
      const adds = add.length
        ? await this.claimAdds(
            state,
            add.filter((u) => !gone.has(u)),
          )
        : { proposals: [], deviceIds: [] };
      const proposals = [...removals, ...adds.proposals];
      if (!proposals.length) return 0;
      const out = await mls.commit(state, proposals);
      if (await this.post(channelId, mls.epochOf(state), out, adds.deviceIds)) {
        await this.save(channelId, spaceId, out.state);
        return proposals.length;
      }
    }
    throw new Error("could not commit the membership change (too much contention)");
  }

  private async onCommit(f: E2eCommitFrame): Promise<void> {
    const channelId = String(f.channel_id);
    await this.locked(channelId, async () => {
      const rec = await this.record(channelId);
      if (!rec) return;
      const state = mls.loadState(rec.state);
      if (Number(f.epoch) <= mls.epochOf(state)) return; // ours, or already applied
      if (Number(f.epoch) === mls.epochOf(state) + 1) {
        const res = await mls.process(state, mls.decode(String(f.commit)));
        await this.save(channelId, rec.spaceId, res.newState);
      } else {
        await this.catchUp(channelId);
      }
    });
  }

  private async onWelcome(f: E2eWelcomeFrame): Promise<void> {
    const channelId = String(f.channel_id);
    await this.o.store.set(K.welcome(channelId), utf8(String(f.welcome)));
    this.welcomeWaiters.get(channelId)?.();
    void this.topUp().catch(() => {});
  }

  /** A member joined or left the space: commit the matching Add or Remove in every group of that space this device is in. */
  private async onMembership(f: E2eMembershipFrame): Promise<void> {
    const spaceId = String(f.space_id);
    const userId = String(f.user_id);
    if (userId === this.id.userId) return;
    for (const key of await this.o.store.keys("group:")) {
      const channelId = key.slice("group:".length);
      const rec = await this.record(channelId);
      if (!rec || rec.spaceId !== spaceId) continue;
      // Spread the members' attempts a little; whoever is late finds the change made and does nothing.
      const me = mls.members(mls.loadState(rec.state)).find((m) => m.id?.deviceId === this.id.deviceId);
      await new Promise((r) => setTimeout(r, Math.min(2000, (me?.leaf ?? 0) * 50)));
      if (f.change === "joined") await this.addUsers(spaceId, channelId, [userId]).catch(() => 0);
      else await this.removeUsers(spaceId, channelId, [userId]).catch(() => 0);
    }
  }
}
