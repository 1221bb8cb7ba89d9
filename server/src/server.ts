// Composition root: config → platform seams → features → HTTP (+ WebSocket) → workers.
// The one place that knows every piece; everything else receives what it needs as arguments.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Router, type Express } from "express";
import type { Config } from "./platform/config.ts";
import { openPlatform, type Platform, type PlatformOverrides } from "./platform/index.ts";
import { createHttpApp } from "./platform/http/app.ts";
import { drainHttp } from "./platform/http/shutdown.ts";
import { UpgradeRouter } from "./platform/http/upgrades.ts";
import { mountApiReference } from "./platform/http/api-reference.ts";
import { mountPortal } from "./platform/http/portal.ts";
import { loadContract } from "./contract.ts";
import { ApiRoutes } from "./platform/http/api-routes.ts";
import { probeRoutes } from "./platform/http/probes.ts";
import { BotAuthenticator, BotsService, botAccountRoutes, botAuth } from "./features/bots/index.ts";
import { CommandsService, commandRoutes } from "./features/commands/index.ts";
import { Audience, InstallResolver, InstallsService, installRoutes } from "./features/installs/index.ts";
import {
  AccessTokens,
  AuthService,
  BruteForceGuard,
  DevicesService,
  EmailFlows,
  Passwords,
  SessionGuard,
  TwoFactorService,
  UserAuthenticator,
  authRoutes,
  currentUser,
  userAuth,
} from "./features/auth/index.ts";
import { forwardSpaceEvents, memberEventOutbox, startWebhooks, webhookRoutes, type WebhookEngine } from "./features/webhooks/index.ts";
import { createMailer } from "./platform/mailer.ts";
import { RealtimePublisher } from "./platform/realtime/publisher.ts";
import { createPresence, type PresenceService } from "./features/presence/index.ts";
import { SpaceEvents, SpacesService, publishMembershipFrames, spaceIdsOfUsers, spaceRoutes } from "./features/spaces/index.ts";
import { MembersService, memberRoutes } from "./features/members/index.ts";
import { ChannelsService, channelRoutes } from "./features/channels/index.ts";
import { RealtimeGateway, type GatewayOptions } from "./platform/realtime/gateway.ts";
import { MessagesService, messageRoutes } from "./features/messages/index.ts";
import { SignupLimit, UserRows, UsersService, usersRoutes } from "./features/users/index.ts";
import { FriendsService, friendsRoutes } from "./features/friends/index.ts";
import { commandInvocationRoutes, createInteractions, respondRoutes } from "./features/interactions/index.ts";
import { OTHER_PATH, botRateLimit, createRateLimits } from "./features/ratelimits/index.ts";
import { BotMessagesService, ChannelEvents, botMessageRoutes, writeServiceMessages } from "./features/plain-messages/index.ts";
import { VoiceRooms, VoiceService, botVoiceRoutes, memberVoiceRoutes } from "./features/voice/index.ts";
import { E2EService, dropRevokedKeyPackages, e2eRoutes, publishE2EMembership } from "./features/e2e/index.ts";
import { RetentionJob } from "./features/retention/index.ts";
import { BOT_GATEWAY_PATH, startBotGateway } from "./features/gateway/index.ts";

export interface RunningServer {
  url: string;
  port: number;
  platform: Platform;
  http: Server;
  /** Presence facts per user; the realtime gateway reports connections here, tests drive it directly. */
  presence: PresenceService;
  /** Space domain events (member.joined, member.left, space.deleted), emitted after commit; features subscribe. */
  spaceEvents: SpaceEvents;
  webhooks: WebhookEngine;
  /**
   * Answers /readyz 503 at once and for SHUTDOWN_DELAY_MS while still serving, then stops accepting, lets
   * in-flight requests finish (bounded by graceMs), then closes workers, queues, Redis and the database.
   */
  close(graceMs?: number): Promise<void>;
}

/** Tests shorten the gateway's timers (auth timeout, heartbeat, send-buffer limit) here. */
export type ServerOverrides = PlatformOverrides & { realtime?: Partial<Omit<GatewayOptions, "pubsub" | "log" | "metrics">> };

export async function startServer(config: Config, overrides: ServerOverrides = {}): Promise<RunningServer> {
  const platform = await openPlatform(config, overrides);
  const contract = loadContract();
  const contractJson = JSON.stringify(contract);
  const identity = await startIdentity(platform);
  const spaces = await startSpaces(platform, identity);
  const messaging = await startMessaging(platform, identity, spaces);
  let closing: Promise<void> | undefined;

  const app = createHttpApp({
    logger: platform.log,
    metrics: platform.metrics,
    apiSpec: contract,
    validateResponses: config.validateResponses,
    trustProxy: config.trustProxy,
    mountOpen(app: Express) {
      mountPortal(app);
      app.get("/api/openapi.json", (_req, res) => void res.type("application/json").send(contractJson));
      mountApiReference(app, contract);
    },
    mount(app: Express) {
      mountRoutes(
        app,
        new ApiRoutes(contract, { BearerAuth: userAuth(identity.userAuthenticator), BotAuth: botAuth(identity.botAuthenticator) }),
        {
          platform,
          identity,
          spaces,
          messaging,
          stopping: () => closing !== undefined,
        },
      );
    },
  });

  const http = createServer({ keepAliveTimeout: 65_000 }, app);
  const gateway = await attachGateways(http, platform, identity, spaces.presence, overrides);
  const port = await listen(http, platform);
  const host = config.host.includes(":") ? `[${config.host}]` : config.host;
  const { presence, spaceEvents, webhooks } = spaces;
  return {
    url: `http://${host}:${port}`,
    port,
    platform,
    http,
    presence,
    spaceEvents,
    webhooks,
    close(graceMs = 10_000) {
      closing ??= shutDown(graceMs, { platform, identity, spaces, messaging, http, gateway });
      return closing;
    },
  };
}

type Identity = Awaited<ReturnType<typeof startIdentity>>;
type Spaces = Awaited<ReturnType<typeof startSpaces>>;
type Messaging = Awaited<ReturnType<typeof startMessaging>>;
interface Parts {
  platform: Platform;
  identity: Identity;
  spaces: Spaces;
  messaging: Messaging;
}

/**
 * The route table: every URL prefix and the feature serving it. Each router is mounted at its prefix, and each of
 * its routes is an operation of the contract, whose validator has already checked the request; the route's
 * authentication is the operation's `security` there (Bearer: a user's access token; Bot: a bot token).
 * Registration order is kept where prefixes nest.
 */
function mountRoutes(
  app: Express,
  api: ApiRoutes,
  { platform, identity, spaces, messaging, stopping }: Parts & { stopping: () => boolean },
) {
  const { db, clock } = platform;
  const { botAuthenticator, commandsService, audience, installResolver, userRows, authService, twoFactor, devices, emails } = identity;
  const { interactions, rateLimits, voiceService } = messaging;
  const use = (...routers: { path: string; router: Router }[]) => routers.forEach((r) => app.use(r.path, r.router));
  // The bot API first and as one router (one prefix match), its busiest routers first: every layer an API
  // request walks past costs a match. (No user prefix nests under /api/bot: /api/bots is another segment.)
  // After authentication, the bot-wide rate limit, but for respond, which counts it itself.
  const limitedBotApi = api.then(botRateLimit(rateLimits));
  const botApi = Router();
  for (const r of [
    respondRoutes(api, interactions),
    botMessageRoutes(limitedBotApi, new BotMessagesService(db, installResolver, rateLimits, messaging.channelEvents)),
    commandRoutes(limitedBotApi, commandsService),
    botVoiceRoutes(limitedBotApi, voiceService),
  ])
    botApi.use(r.router);
  app.use("/api/bot", botApi);
  use(
    authRoutes(api, { auth: authService, twoFactor, devices, emails }),
    friendsRoutes(api, new FriendsService(db)),
    usersRoutes(api, { users: messaging.usersService, presence: spaces.presence, currentUserId: (req) => currentUser(req).id }),
    webhookRoutes(api, spaces.webhooks.service),
    spaceRoutes(api, spaces.spacesService),
    memberRoutes(api, spaces.membersService),
    channelRoutes(api, messaging.channelsService),
    commandInvocationRoutes(api, interactions),
    messageRoutes(api, new MessagesService(db, spaces.realtime, clock, platform.log, platform.limiters)),
    e2eRoutes(api, messaging.e2eService),
    botAccountRoutes(api, new BotsService(db, botAuthenticator, userRows, audience, platform.replica)),
    installRoutes(api, spaces.installsService),
    // Last of the API, as every /api request walks into it.
    memberVoiceRoutes(api, voiceService),
    // Operations, after the API: no API request walks past them.
    probeRoutes(api, { failing: () => platform.failing(), stopping, registry: platform.metrics.registry }),
  );
  const unserved = api.unserved();
  if (unserved.length) throw new Error(`operations of the contract without a route: ${unserved.join(", ")}`);
}

/**
 * Answers /readyz 503 at once and for SHUTDOWN_DELAY_MS while still serving, then stops accepting, lets in-flight
 * requests finish (bounded by graceMs), then closes workers, queues, Redis and the database.
 */
async function shutDown(
  graceMs: number,
  { platform, identity, spaces, messaging, http, gateway }: Parts & { http: Server; gateway: RealtimeGateway },
) {
  if (platform.config.shutdownDelayMs) await new Promise((r) => setTimeout(r, platform.config.shutdownDelayMs));
  const deadline = performance.now() + graceMs;
  await gateway.close(Math.min(graceMs, 1000));
  // Before the HTTP drain, which waits for upgraded sockets too. Attempts waiting for an ack here fail as
  // closed and are retried on the schedule, by whichever process the bot reconnects to.
  await identity.botGateway.close(Math.min(graceMs, 1000));
  await drainHttp(http, graceMs);
  spaces.presence.stop();
  identity.mailer.close();
  await messaging.retention.stop();
  // Webhook attempts under way get what is left of the grace (at least a second: most end in milliseconds).
  await spaces.webhooks.close(Math.max(1000, deadline - performance.now()));
  await platform.close();
}

/** Who is calling: bots and their gateway, installs, sessions and the user accounts' authentication. */
async function startIdentity(platform: Platform) {
  const { db, pubsub, clock, config } = platform;
  const botAuthenticator = new BotAuthenticator(db, pubsub, clock);
  await botAuthenticator.start();
  const botGateway = await startBotGateway(platform, botAuthenticator);
  const commandsService = new CommandsService(db);
  const audience = new Audience(db, pubsub, clock);
  await audience.start();
  const installResolver = new InstallResolver(db, pubsub, clock, audience);
  await installResolver.start();
  const sessions = new SessionGuard(db, pubsub, clock);
  await sessions.start();
  const userRows = new UserRows(db, pubsub, clock);
  await userRows.start();
  const accessTokens = new AccessTokens(config.jwtSecret, () => clock.now());
  const userAuthenticator = new UserAuthenticator(accessTokens, sessions);
  const accounts = userAccounts(platform, { accessTokens, sessions, userRows });
  return { botAuthenticator, botGateway, commandsService, audience, installResolver, sessions, userRows, userAuthenticator, ...accounts };
}

/** Registration, login, two factors, e-mail flows and devices. */
function userAccounts(platform: Platform, d: { accessTokens: AccessTokens; sessions: SessionGuard; userRows: UserRows }) {
  const { db, clock, config } = platform;
  const { sessions, userRows } = d;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, log: platform.log, production: config.production });
  const passwords = new Passwords(platform.metrics.registry, { scale: config.passwordHashScale });
  const bruteForce = BruteForceGuard.create(platform.limiters);
  const signups = new SignupLimit(platform.limiters, config.signupLimitPerHour);
  const twoFactor = new TwoFactorService({ db, kv: platform.kv, clock, dataKey: config.dataKey, userRows, passwords, bruteForce });
  const emails = new EmailFlows({
    ...{ db, mailer, sessions, clock, log: platform.log, publicUrl: config.publicUrl, adminEmails: config.adminEmails, userRows },
    ...{ passwords, limiters: platform.limiters, registry: platform.metrics.registry },
  });
  const devices = new DevicesService(db, sessions);
  const authService = new AuthService({
    ...{ db, tokens: d.accessTokens, sessions, clock, adminEmails: config.adminEmails },
    ...{ twoFactor, emails, bruteForce, userRows, passwords, signups },
  });
  return { mailer, passwords, signups, twoFactor, emails, devices, authService };
}

/** Realtime, webhooks, presence, and spaces with their members and installs, wired to the space events. */
async function startSpaces(platform: Platform, identity: Identity) {
  const { db, clock, config } = platform;
  const { audience } = identity;
  const realtime = new RealtimePublisher(platform.pubsub);
  const webhooks = await startWebhooks(platform, config.role !== "api", audience, identity.botGateway);
  const presence = await createPresence({
    ...{ kv: platform.kv, redis: platform.redis, clock, db, realtime, log: platform.log },
    ...{ largeSpaceThreshold: config.largeSpaceThreshold, timeScale: config.presenceTimeScale },
  });
  const spaceEvents = new SpaceEvents(platform.log);
  publishMembershipFrames(spaceEvents, realtime);
  // Member events' webhook deliveries are written in the transaction of the change that made them (the outbox).
  const memberOutbox = memberEventOutbox(webhooks.dispatcher, audience);
  const events = { events: spaceEvents, outbox: memberOutbox };
  const spacesService = new SpacesService({ db, replica: platform.replica, clock, ...events, limiters: platform.limiters });
  const installsService = new InstallsService(db, identity.installResolver, webhooks.dispatcher, { ...events, clock });
  const voiceRooms = new VoiceRooms(db, config.livekit, platform.log);
  const membersService = new MembersService({ db, clock, ...events, bots: installsService, presence, voice: voiceRooms });
  forwardSpaceEvents(db, spaceEvents, webhooks.dispatcher, audience);
  spaceEvents.on("member.left", (e) => installsService.memberLeft(e));
  // The online counts follow the members (presence keeps them as members come and go online).
  spaceEvents.on("member.joined", (e) => presence.memberJoined(e.spaceId, e.userId));
  spaceEvents.on("member.left", (e) => presence.memberLeft(e.spaceId, e.userId));
  spaceEvents.on("space.deleted", (e) => presence.spaceDeleted(e.spaceId));
  return { realtime, webhooks, presence, spaceEvents, spacesService, installsService, membersService };
}

/** Channels, users, rate limits, interactions, channel events, voice, E2E and the retention schedule. */
async function startMessaging(platform: Platform, identity: Identity, spaces: Spaces) {
  const { db, clock, config } = platform;
  const { realtime, webhooks, presence, spaceEvents } = spaces;
  const channelsService = new ChannelsService(db, clock);
  const usersService = new UsersService({
    ...{ db, auth: identity.authService, presence, rows: identity.userRows },
    ...{ passwords: identity.passwords, signups: identity.signups },
  });
  const rateLimits = createRateLimits(platform.limiters, platform.metrics.registry, platform.log);
  const interactions = createInteractions(platform, {
    dispatcher: webhooks.dispatcher,
    realtime,
    installs: identity.installResolver,
    // One limiter for all of the bot API's limits (texts, Retry-After, fail-closed, rate_limit_rejections_total).
    countInvoke: (userId, botId) => rateLimits.countInvoke(userId, botId),
    // The bot-wide limit of a reply, counted by respond alongside its membership read (ratelimits/middleware.ts).
    respondLimit: (botId) => rateLimits.botCall(botId, OTHER_PATH),
  });
  const channelEvents = new ChannelEvents(db, webhooks.dispatcher, realtime, platform.log, identity.audience);
  writeServiceMessages(db, spaceEvents, channelEvents);
  const voiceService = new VoiceService(db, config.livekit, identity.installResolver, channelEvents, clock, platform.limiters);
  const e2eService = new E2EService(db, realtime, platform.log, platform.limiters);
  publishE2EMembership(spaceEvents, realtime);
  await dropRevokedKeyPackages((handler) => identity.sessions.onRevoked(handler), e2eService, platform.log);
  // Every process runs the schedule; an advisory lock lets one prune per round.
  const retention = new RetentionJob(db, config.retention, platform.log);
  retention.start();
  return { channelsService, usersService, rateLimits, interactions, channelEvents, voiceService, e2eService, retention };
}

/** The users' realtime gateway and the bots' gateway on `http`'s upgrades. */
async function attachGateways(
  http: Server,
  platform: Platform,
  identity: Identity,
  presence: PresenceService,
  overrides: ServerOverrides,
): Promise<RealtimeGateway> {
  const { sessions, userAuthenticator } = identity;
  const gateway = new RealtimeGateway({
    pubsub: platform.pubsub,
    log: platform.log,
    metrics: platform.metrics,
    authenticate: (token) => userAuthenticator.resolveSocket(token),
    liveSessions: (ids) => sessions.liveAmong(ids),
    revocations: (handler) => sessions.onRevoked(handler),
    presence: {
      resolve: (spaceId, sel) => presence.resolveSelection(spaceId, sel),
      snapshot: (spaceId, ids, viewer) => presence.snapshot(spaceId, ids, viewer),
    },
    now: () => platform.clock.now(),
    spacesOf: (userIds) => spaceIdsOfUsers(platform.db, userIds),
    onConnectionChange: (userId, change) => (change === "connected" ? presence.connected(userId) : presence.disconnected(userId)),
    ...overrides.realtime,
  });
  // Every WebSocket path registers here (upgrades.add): the router guards each upgraded socket against resets.
  const upgrades = new UpgradeRouter(http, platform.log);
  await gateway.attach(upgrades);
  upgrades.add(BOT_GATEWAY_PATH, (req, socket, head) => void identity.botGateway.upgrade(req, socket, head));
  return gateway;
}

/** Listens on the configured address; answers the port (0 in the config: the one the system chose). */
async function listen(http: Server, { config, log }: Platform): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    http.once("error", reject);
    http.listen(config.port, config.host, () => resolve());
  });
  const port = (http.address() as AddressInfo).port;
  log.info(
    {
      port,
      host: config.host,
      database: config.databaseUrl ? "postgres" : "embedded",
      redis: config.redisClusterNodes ? "cluster" : Boolean(config.redisUrl),
    },
    "listening",
  );
  return port;
}
