// Channels of a space: members list them, admins and the owner create, change and delete them.
import { inTransaction, type Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import { notFound } from "../../platform/errors.ts";
import { newId } from "../../platform/ids.ts";
import type { components } from "../../../../generated/api.d.ts";
import { requireMember, spaceWithRole, visibleSpace } from "../spaces/index.ts";
import * as store from "./store.ts";
import { checkChannelQuota } from "./quota.ts";

type Schemas = components["schemas"];
export type ChannelResponse = Schemas["Spaces.ChannelResponse"];
type CreateChannelRequest = Schemas["Spaces.CreateChannelRequest"];
type UpdateChannelRequest = Schemas["Spaces.UpdateChannelRequest"];

const toResponse = (c: store.ChannelRow): ChannelResponse => ({
  id: c.id,
  space_id: c.space_id,
  name: c.name,
  type: c.type,
  topic: c.topic,
  position: c.position,
  created_at: new Date(c.created_at).toISOString(),
});

export class ChannelsService {
  constructor(
    private db: Db,
    private clock: Clock,
  ) {}

  async list(userId: string, spaceId: string): Promise<ChannelResponse[]> {
    requireMember(await visibleSpace(this.db, spaceId, userId));
    return (await store.listChannels(this.db, spaceId)).map(toResponse);
  }

  async create(userId: string, spaceId: string, body: CreateChannelRequest): Promise<ChannelResponse> {
    await spaceWithRole(this.db, spaceId, userId, "admin");
    const row = await inTransaction(this.db, async (trx) => {
      checkChannelQuota(await store.lockedChannelCount(trx, spaceId));
      return store.insertChannel(trx, {
        id: newId(),
        space_id: spaceId,
        name: body.name,
        type: body.type,
        topic: body.topic ?? null,
        created_at: new Date(this.clock.now()),
      });
    });
    return toResponse(row);
  }

  async update(userId: string, spaceId: string, channelId: string, body: UpdateChannelRequest): Promise<ChannelResponse> {
    await spaceWithRole(this.db, spaceId, userId, "admin");
    await this.require(spaceId, channelId);
    const patch: Parameters<typeof store.updateChannel>[2] = {};
    if (body.name !== undefined) patch.name = body.name;
    if (body.topic !== undefined) patch.topic = body.topic;
    if (body.position !== undefined) patch.position = body.position;
    return toResponse(await store.updateChannel(this.db, channelId, patch));
  }

  async remove(userId: string, spaceId: string, channelId: string): Promise<void> {
    await spaceWithRole(this.db, spaceId, userId, "admin");
    await this.require(spaceId, channelId);
    await store.deleteChannel(this.db, channelId);
  }

  private async require(spaceId: string, channelId: string): Promise<store.ChannelRow> {
    const c = await store.findChannel(this.db, spaceId, channelId);
    if (!c) throw notFound("channel not found");
    return c;
  }
}
