// Generated from spec/ by `npm run gen`. Do not edit by hand.
import type { components } from "./api.d.ts";

type S = components["schemas"];

/** `Auth.PushPlatform` */
export type PushPlatform = S["Auth.PushPlatform"];
export const PushPlatformValues = ["fcm","apns","webpush"] as const satisfies readonly PushPlatform[];

/** `Bot.OptionType` */
export type OptionType = S["Bot.OptionType"];
export const OptionTypeValues = ["string","integer","number","boolean","user","channel"] as const satisfies readonly OptionType[];

/** `Bots.BotMembershipState`: A membership's own state; `revoked` after uninstall (re-installing reactivates it). */
export type BotMembershipState = S["Bots.BotMembershipState"];
export const BotMembershipStateValues = ["ACTIVE","suspended","revoked"] as const satisfies readonly BotMembershipState[];

/** `Bots.BotState`: `ACTIVE`, `suspended` (by a service admin) or `deleted` (by the owner); any state but `ACTIVE` gets 403 on the bot API. */
export type BotState = S["Bots.BotState"];
export const BotStateValues = ["ACTIVE","suspended","deleted"] as const satisfies readonly BotState[];

/** `Bots.Scope`: What an install grants a bot in a space: `commands` (receive `command.invoked`, appear in the catalog, be
invocable), `messages.send`, `messages.react`, `messages.delete.own` (its own messages) and
`moderation.messages` (another author's). */
export type Scope = S["Bots.Scope"];
export const ScopeValues = ["commands","messages.send","messages.react","messages.delete.own","moderation.messages"] as const satisfies readonly Scope[];

/** `Chat.MessageKind` */
export type MessageKind = S["Chat.MessageKind"];
export const MessageKindValues = ["user","bot","service"] as const satisfies readonly MessageKind[];

/** `Events.EventType`: Event types a webhook can subscribe to. */
export type EventType = S["Events.EventType"];
export const EventTypeValues = ["command.invoked","message.created","message.deleted","reaction.added","member.joined","member.left","bot.installed","bot.uninstalled","voice.joined","webhook.ping"] as const satisfies readonly EventType[];

/** `Events.MemberLeftReason`: Why a member is gone. */
export type MemberLeftReason = S["Events.MemberLeftReason"];
export const MemberLeftReasonValues = ["left","kicked"] as const satisfies readonly MemberLeftReason[];

/** `Realtime.MembershipChange` */
export type MembershipChange = S["Realtime.MembershipChange"];
export const MembershipChangeValues = ["joined","left","kicked"] as const satisfies readonly MembershipChange[];

/** `Service.Dependency`: A dependency the readiness check could not reach. */
export type Dependency = S["Service.Dependency"];
export const DependencyValues = ["database","redis"] as const satisfies readonly Dependency[];

/** `Spaces.AssignableRole`: The roles a role change may give: `owner` is never given. */
export type AssignableRole = S["Spaces.AssignableRole"];
export const AssignableRoleValues = ["admin","moderator","member"] as const satisfies readonly AssignableRole[];

/** `Spaces.ChannelType` */
export type ChannelType = S["Spaces.ChannelType"];
export const ChannelTypeValues = ["text","voice"] as const satisfies readonly ChannelType[];

/** `Spaces.DiscoverSort` */
export type DiscoverSort = S["Spaces.DiscoverSort"];
export const DiscoverSortValues = ["members","activity","created"] as const satisfies readonly DiscoverSort[];

/** `Spaces.JoinRequestStatus` */
export type JoinRequestStatus = S["Spaces.JoinRequestStatus"];
export const JoinRequestStatusValues = ["pending","approved","rejected"] as const satisfies readonly JoinRequestStatus[];

/** `Spaces.SpaceRole`: Highest first: owner, admin, moderator, member. The creator of a space is its owner. */
export type SpaceRole = S["Spaces.SpaceRole"];
export const SpaceRoleValues = ["owner","admin","moderator","member"] as const satisfies readonly SpaceRole[];

/** `Spaces.SpaceVisibility` */
export type SpaceVisibility = S["Spaces.SpaceVisibility"];
export const SpaceVisibilityValues = ["public","private"] as const satisfies readonly SpaceVisibility[];

/** `Users.FriendRequestPolicy` */
export type FriendRequestPolicy = S["Users.FriendRequestPolicy"];
export const FriendRequestPolicyValues = ["everyone","friends_of_friends","nobody"] as const satisfies readonly FriendRequestPolicy[];

/** `Users.PresenceStatus`: `invisible` reads as `offline` to everyone but the user. */
export type PresenceStatus = S["Users.PresenceStatus"];
export const PresenceStatusValues = ["online","idle","dnd","invisible","offline"] as const satisfies readonly PresenceStatus[];

/** `Users.Theme` */
export type Theme = S["Users.Theme"];
export const ThemeValues = ["system","light","dark"] as const satisfies readonly Theme[];

/** `Webhooks.DeliveryStatus` */
export type DeliveryStatus = S["Webhooks.DeliveryStatus"];
export const DeliveryStatusValues = ["pending","delivered","failed","skipped"] as const satisfies readonly DeliveryStatus[];

/** `Webhooks.WebhookState` */
export type WebhookState = S["Webhooks.WebhookState"];
export const WebhookStateValues = ["active","suspended"] as const satisfies readonly WebhookState[];

/** `Webhooks.WebhookTransport`: How a webhook's deliveries travel: POSTed to its URL, or over a gateway connection the bot opens (`GET /api/bot/gateway`). */
export type WebhookTransport = S["Webhooks.WebhookTransport"];
export const WebhookTransportValues = ["http","socket"] as const satisfies readonly WebhookTransport[];
