// The webhook management API (the bot's owner only).
import { randomBytes } from "node:crypto";
import { inTransaction, type Db } from "../../platform/db.ts";
import { badRequest, limiterUnavailable, notFound, tooManyRequests } from "../../platform/errors.ts";
import { LimiterUnavailable, type Limiter, type LimiterFactory } from "../../platform/limiter.ts";
import { newId } from "../../platform/ids.ts";
import type { Clock } from "../../platform/clock.ts";
import { seal } from "../../platform/crypto.ts";
import { recordAudit } from "../audit/index.ts";
import { lockCreator } from "../users/index.ts";
import { checkWebhookQuota } from "./quota.ts";
import { checkWebhookUrl } from "./address-guard.ts";
import { checkEventTypes } from "./events.ts";
import { isSuspended, type WebhookDispatcher } from "./dispatcher.ts";
import { secretContext, type WebhookTargets } from "./targets.ts";
import type { BotChanges, SocketSender } from "./worker.ts";
import * as store from "./store.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
const ROTATION_GRACE_MS = 24 * 3600 * 1000;

/** Ping and redeliver together, per webhook. */
const FORCED_LIMIT = { name: "webhook", points: 10, durationSeconds: 60 };

export interface WebhookServiceDeps {
  db: Db;
  /** Reads that may lag behind `db` (a streaming replica): the delivery log. */
  replica?: Db;
  clock: Clock;
  dataKey: Buffer;
  allowPrivate: boolean;
  dispatcher: WebhookDispatcher;
  targets: WebhookTargets;
  limiters: LimiterFactory;
  /** The cached audience of channel events: every webhook created, deleted or re-subscribed changes it. */
  audience?: BotChanges;
  /** The bot gateway: how many connections a bot has open (shown on socket webhooks). */
  socket?: Pick<SocketSender, "connections">;
}

const newWebhookSecret = () => `whsec_${randomBytes(32).toString("base64url")}`;

export class WebhookService {
  private forcedLimit: Limiter;

  constructor(private d: WebhookServiceDeps) {
    this.forcedLimit = d.limiters.create(FORCED_LIMIT);
  }

  /** Counts one forced attempt (ping or redeliver) of the webhook before doing any work; 429 past the limit. */
  private async countForced(webhookId: string): Promise<void> {
    let outcome;
    try {
      outcome = await this.forcedLimit.consume(webhookId);
    } catch (err) {
      if (err instanceof LimiterUnavailable) throw limiterUnavailable();
      throw err;
    }
    if (!outcome.ok)
      throw tooManyRequests(
        `${FORCED_LIMIT.name}:${webhookId} > ${FORCED_LIMIT.points}/${FORCED_LIMIT.durationSeconds}s`,
        outcome.retryAfterSeconds,
      );
  }

  /** `connections`: the bot's open gateway connections, shown on a socket webhook. */
  private view(w: store.WebhookRow, connections: number): S["Webhooks.WebhookResponse"] {
    const suspended = isSuspended(w, this.d.clock.now());
    return {
      id: w.id,
      transport: w.transport,
      url: w.url,
      events: w.events,
      state: suspended ? "suspended" : "active",
      suspended_until: suspended ? w.suspended_until!.toISOString() : null,
      consecutive_failures: w.consecutive_failures,
      failure_count: w.failure_count,
      gateway_connections: w.transport === "socket" ? connections : null,
      created_at: w.created_at.toISOString(),
    };
  }

  /** The bot's open gateway connections, read only when one of `hooks` is a socket webhook. */
  private async connections(botId: string, hooks: store.WebhookRow[]): Promise<number> {
    if (!hooks.some((w) => w.transport === "socket")) return 0;
    return (await this.d.socket?.connections(botId)) ?? 0;
  }

  /** 404 unless `userId` owns the (not deleted) bot: others may not learn it exists. */
  private async owned(userId: string, botId: string): Promise<void> {
    if ((await store.botOwner(this.d.db, botId)) !== userId) throw notFound("bot not found");
  }

  private async hook(userId: string, botId: string, webhookId: string): Promise<store.WebhookRow> {
    await this.owned(userId, botId);
    const w = await store.findWebhook(this.d.db, botId, webhookId);
    if (!w) throw notFound("webhook not found");
    return w;
  }

  async create(userId: string, botId: string, body: S["Webhooks.WebhookCreateRequest"]): Promise<S["Webhooks.WebhookCreatedResponse"]> {
    await this.owned(userId, botId);
    const events = checkEventTypes(body.events);
    const transport = body.transport ?? "http";
    const url = body.transport === "socket" ? null : await checkWebhookUrl(body.url, this.d.allowPrivate);
    const id = newId();
    const secret = transport === "http" ? newWebhookSecret() : undefined;
    const w = await inTransaction(this.d.db, async (trx) => {
      await lockCreator(trx, userId);
      const existing = await store.lockedWebhookCount(trx, botId);
      if (existing === undefined) throw notFound("bot not found");
      checkWebhookQuota(existing);
      const row = await store.insertWebhook(trx, {
        id,
        bot_user_id: botId,
        transport,
        url,
        events,
        secret_enc: secret === undefined ? null : seal(this.d.dataKey, secret, secretContext(id)),
      });
      await recordAudit(trx, {
        action: "webhook.create",
        actorId: userId,
        targetType: "bot",
        targetId: botId,
        data: { webhook_id: id, transport, events },
      });
      return row;
    });
    await this.d.audience?.botChanged(botId);
    const created = { id: w.id, transport, url: w.url, events: w.events, state: "active" as const, created_at: w.created_at.toISOString() };
    return secret === undefined ? created : { ...created, secret };
  }

  async list(userId: string, botId: string) {
    await this.owned(userId, botId);
    const hooks = await store.listWebhooks(this.d.db, botId);
    const connections = await this.connections(botId, hooks);
    return hooks.map((w) => this.view(w, connections));
  }

  async update(userId: string, botId: string, webhookId: string, body: S["Webhooks.WebhookUpdateRequest"]) {
    const current = await this.hook(userId, botId, webhookId);
    if (body.transport !== undefined && body.transport !== current.transport) throw badRequest("transport cannot change");
    if (body.url !== undefined && current.transport === "socket") throw badRequest("a socket webhook has no url");
    const patch: Partial<store.WebhookRow> = {};
    if (body.events) patch.events = checkEventTypes(body.events);
    if (body.url) patch.url = await checkWebhookUrl(body.url, this.d.allowPrivate);
    const w = Object.keys(patch).length
      ? await store.updateWebhook(this.d.db, webhookId, patch)
      : await store.findWebhook(this.d.db, botId, webhookId);
    if (patch.url) await this.d.targets.invalidate(webhookId);
    if (patch.events) await this.d.audience?.botChanged(botId);
    return this.view(w!, await this.connections(botId, [w!]));
  }

  async remove(userId: string, botId: string, webhookId: string) {
    await this.hook(userId, botId, webhookId);
    await store.deleteWebhook(this.d.db, webhookId);
    await Promise.all([this.d.targets.invalidate(webhookId), this.d.audience?.botChanged(botId)]);
  }

  /** The current secret keeps signing, as the second `v1`, for 24 hours. */
  async rotateSecret(userId: string, botId: string, webhookId: string) {
    const w = await this.hook(userId, botId, webhookId);
    if (w.transport === "socket") throw badRequest("a socket webhook has no secret");
    const secret = newWebhookSecret();
    await inTransaction(this.d.db, async (trx) => {
      await store.updateWebhook(trx, webhookId, {
        secret_enc: seal(this.d.dataKey, secret, secretContext(webhookId)),
        previous_secret_enc: w.secret_enc,
        previous_until: new Date(this.d.clock.now() + ROTATION_GRACE_MS),
      });
      await recordAudit(trx, {
        action: "webhook.secret_rotate",
        actorId: userId,
        targetType: "bot",
        targetId: botId,
        data: { webhook_id: webhookId },
      });
    });
    await this.d.targets.invalidate(webhookId);
    return { secret };
  }

  /**
   * A `webhook.ping` to this webhook alone, sent now even if the webhook is suspended (its retries are not).
   * Counted against the forced-attempt limit before anything is written.
   */
  async ping(userId: string, botId: string, webhookId: string) {
    await this.hook(userId, botId, webhookId);
    await this.countForced(webhookId);
    return { delivery_id: await this.d.dispatcher.ping(webhookId, botId) };
  }

  async deliveries(
    userId: string,
    botId: string,
    webhookId: string,
    limit: number,
    before?: string,
  ): Promise<S["Webhooks.DeliveryResponse"][]> {
    await this.hook(userId, botId, webhookId);
    return (await store.listDeliveries(this.d.replica ?? this.d.db, webhookId, limit, before)).map((r) => ({
      id: r.id,
      type: r.type,
      status: r.status,
      attempts: r.attempts,
      last_status_code: r.last_status_code,
      last_error: r.last_error,
      next_attempt_at: r.next_attempt_at?.toISOString() ?? null,
      created_at: r.created_at.toISOString(),
    }));
  }

  async redeliver(userId: string, botId: string, webhookId: string, deliveryId: string) {
    await this.hook(userId, botId, webhookId);
    await this.countForced(webhookId);
    if (!(await store.findDelivery(this.d.db, webhookId, deliveryId))) throw notFound("delivery not found");
    await this.d.dispatcher.redeliver(deliveryId);
    return { delivery_id: deliveryId };
  }
}
