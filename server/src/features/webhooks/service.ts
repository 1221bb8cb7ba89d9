// The webhook management API of CONTRACT 6 (the bot's owner only).
import { randomBytes } from "node:crypto";
import { inTransaction, type Db } from "../../platform/db.ts";
import { limiterUnavailable, notFound, tooManyRequests } from "../../platform/errors.ts";
import { LimiterUnavailable, type Limiter, type LimiterFactory } from "../../platform/limiter.ts";
import { newId } from "../../platform/ids.ts";
import type { Clock } from "../../platform/clock.ts";
import { seal } from "../../platform/crypto.ts";
import { recordAudit } from "../audit/index.ts";
import { checkWebhookUrl } from "./address-guard.ts";
import { checkEventTypes } from "./events.ts";
import { isSuspended, type WebhookDispatcher } from "./dispatcher.ts";
import { secretContext, type WebhookTargets } from "./targets.ts";
import type { BotChanges } from "./worker.ts";
import * as store from "./store.ts";
import type { components } from "../../../../generated/api.d.ts";

type S = components["schemas"];
const ROTATION_GRACE_MS = 24 * 3600 * 1000;

/** CONTRACT 6: ping and redeliver together, per webhook. */
const FORCED_LIMIT = { name: "webhook", points: 10, durationSeconds: 60 };

export interface WebhookServiceDeps {
  db: Db;
  clock: Clock;
  dataKey: Buffer;
  allowPrivate: boolean;
  dispatcher: WebhookDispatcher;
  targets: WebhookTargets;
  limiters: LimiterFactory;
  /** The cached audience of channel events: every webhook created, deleted or re-subscribed changes it. */
  audience?: BotChanges;
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

  private view(w: store.WebhookRow): S["Webhooks.WebhookResponse"] {
    const suspended = isSuspended(w, this.d.clock.now());
    return {
      id: w.id,
      url: w.url,
      events: w.events,
      state: suspended ? "suspended" : "active",
      suspended_until: suspended ? w.suspended_until!.toISOString() : null,
      consecutive_failures: w.consecutive_failures,
      failure_count: w.failure_count,
      created_at: w.created_at.toISOString(),
    };
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
    const url = await checkWebhookUrl(body.url, this.d.allowPrivate);
    const id = newId();
    const secret = newWebhookSecret();
    const w = await inTransaction(this.d.db, async (trx) => {
      const row = await store.insertWebhook(trx, {
        id,
        bot_user_id: botId,
        url,
        events,
        secret_enc: seal(this.d.dataKey, secret, secretContext(id)),
      });
      await recordAudit(trx, {
        action: "webhook.create",
        actorId: userId,
        targetType: "bot",
        targetId: botId,
        data: { webhook_id: id, events },
      });
      return row;
    });
    await this.d.audience?.botChanged(botId);
    return { id: w.id, url: w.url, events: w.events, state: "active", secret, created_at: w.created_at.toISOString() };
  }

  async list(userId: string, botId: string) {
    await this.owned(userId, botId);
    return (await store.listWebhooks(this.d.db, botId)).map((w) => this.view(w));
  }

  async update(userId: string, botId: string, webhookId: string, body: S["Webhooks.WebhookUpdateRequest"]) {
    await this.hook(userId, botId, webhookId);
    const patch: Partial<store.WebhookRow> = {};
    if (body.events) patch.events = checkEventTypes(body.events);
    if (body.url) patch.url = await checkWebhookUrl(body.url, this.d.allowPrivate);
    const w = Object.keys(patch).length
      ? await store.updateWebhook(this.d.db, webhookId, patch)
      : await store.findWebhook(this.d.db, botId, webhookId);
    if (patch.url) await this.d.targets.invalidate(webhookId);
    if (patch.events) await this.d.audience?.botChanged(botId);
    return this.view(w!);
  }

  async remove(userId: string, botId: string, webhookId: string) {
    await this.hook(userId, botId, webhookId);
    await store.deleteWebhook(this.d.db, webhookId);
    await Promise.all([this.d.targets.invalidate(webhookId), this.d.audience?.botChanged(botId)]);
  }

  /** The current secret keeps signing, as the second `v1`, for 24 hours. */
  async rotateSecret(userId: string, botId: string, webhookId: string) {
    const w = await this.hook(userId, botId, webhookId);
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
    return (await store.listDeliveries(this.d.db, webhookId, limit, before)).map((r) => ({
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
