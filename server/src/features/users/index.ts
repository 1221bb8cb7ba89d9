// The users feature as other features and the composition root see it: the row cache, the row shape and its response.
export { UserRows } from "./rows.ts";
export { USER_COLUMNS, ownUserJson, ownUserResponse, randomAvatarIndex, toUserResponse, type UserResponse, type UserRow } from "./view.ts";
export { UsersService, accountClash } from "./service.ts";
export { usersRoutes } from "./routes.ts";
export { lockCreator } from "./creators.ts";
export { SignupLimit } from "./signups.ts";
