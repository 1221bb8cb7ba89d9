// Response shapes of spec/spaces/ built from rows.
import type { components } from "../../../../generated/api.d.ts";
import type { Role } from "./rules.ts";
import type { DirectoryRow, JoinRequestRow, SpaceRow } from "./store.ts";

type Schemas = components["schemas"];
export type SpaceResponse = Schemas["Spaces.SpaceResponse"];
export type DiscoverSpaceResult = Schemas["Spaces.DiscoverSpaceResult"];
export type SpaceSearchResult = Schemas["Spaces.SpaceSearchResult"];
export type SpacePreviewResponse = Schemas["Spaces.SpacePreviewResponse"];
export type JoinRequestResponse = Schemas["Spaces.JoinRequestResponse"];

const iso = (d: Date) => new Date(d).toISOString();

/** The invite code only for members. */
export const toSpaceResponse = (s: SpaceRow, myRole: Role | null): SpaceResponse => ({
  id: s.id,
  name: s.name,
  description: s.description,
  visibility: s.visibility,
  owner_id: s.owner_id,
  member_count: s.member_count,
  invite_code: myRole ? s.invite_code : null,
  my_role: myRole,
  created_at: iso(s.created_at),
  last_activity_at: iso(s.last_activity_at),
});

export const toDiscoverResult = (s: DirectoryRow): DiscoverSpaceResult => ({
  id: s.id,
  name: s.name,
  description: s.description,
  member_count: s.member_count,
  created_at: iso(s.created_at),
  last_activity_at: iso(s.last_activity_at),
  is_member: s.is_member,
});

export const toSearchResult = (s: DirectoryRow): SpaceSearchResult => ({ ...toDiscoverResult(s), visibility: s.visibility });

export const toPreview = (s: SpaceRow): SpacePreviewResponse => ({
  id: s.id,
  name: s.name,
  description: s.description,
  visibility: s.visibility,
  member_count: s.member_count,
  created_at: iso(s.created_at),
});

export const toJoinRequest = (r: JoinRequestRow): JoinRequestResponse => ({
  request_id: r.id,
  space_id: r.space_id,
  user_id: r.user_id,
  username: r.username,
  message: r.message,
  status: r.status,
  created_at: iso(r.created_at),
  resolved_at: r.resolved_at ? iso(r.resolved_at) : null,
});
