// Pure rules of bot membership (docs/bots.md): the scope list and the per-request access checks.
import { ScopeValues, type BotMembershipState, type Scope } from "../../../../generated/enums.ts";
import { badRequest, forbidden, notFound } from "../../platform/errors.ts";

/** The scopes spec/bots declares. */
export { type Scope };

export type InstallState = BotMembershipState;

/** A bot's membership in one space, as every bot-API request in that space sees it. */
export interface Install {
  spaceId: string;
  botUserId: string;
  memberId: string;
  scopes: Scope[];
  allowedChannelIds: string[];
  state: InstallState;
  createdAt: Date;
}

export interface Need {
  scope?: Scope;
  channelId?: string;
}

const isScope = (s: string): s is Scope => (ScopeValues as readonly string[]).includes(s);

/** Known scopes, deduplicated in the order sent; the first unknown one is a 400. */
export function checkScopes(scopes: string[]): Scope[] {
  for (const s of scopes) if (!isScope(s)) throw badRequest(`unknown scope: ${s}`);
  return [...new Set(scopes as Scope[])];
}

/** The channel ids that are not channels of the space, given the ones that are. */
export function foreignChannels(wanted: string[], ofSpace: Set<string>): string[] {
  return wanted.filter((id) => !ofSpace.has(id));
}

/**
 * The bot-API checks in the order invocations use too: membership, its state, channel access, scope.
 * The bot's own state was already checked when its token was authenticated.
 */
export function requireAccess(install: Install | undefined, need: Need = {}): Install {
  if (!install) throw notFound("bot not found in this space");
  if (install.state !== "ACTIVE") throw forbidden(`bot is ${install.state}`);
  if (need.channelId !== undefined && !install.allowedChannelIds.includes(need.channelId.toLowerCase())) {
    throw forbidden("bot has no access to this channel");
  }
  if (need.scope !== undefined && !install.scopes.includes(need.scope)) throw forbidden(`missing scope: ${need.scope}`);
  return install;
}
