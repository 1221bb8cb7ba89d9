// Who may do what to a message: rules the schema cannot say.
import { atLeast, type Role } from "../spaces/index.ts";

/** The author deletes its own message; moderators and above delete anyone's. */
export const canDeleteMessage = (authorId: string | null, callerId: string, callerRole: Role): boolean =>
  authorId === callerId || atLeast(callerRole, "moderator");
