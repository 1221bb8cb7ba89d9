// Names for the contract's schemas that client code uses most. All come from the generated types, never retyped.
import type { components } from "./generated.ts";

type S = components["schemas"];

/** What register, login and refresh answer: the access and refresh tokens, the user and the device session id. */
export type TokenResponse = S["Auth.TokenResponse"];
/** What login answers when the account has 2FA on: finish with `loginTwoFactor`. */
export type TwoFactorRequired = S["Auth.TwoFactorRequiredResponse"];
/** The body of `register`. */
export type RegisterRequest = S["Auth.RegisterRequest"];
/** The body of `login`. */
export type LoginRequest = S["Auth.LoginRequest"];
/** The body of `loginTwoFactor`: the token from login and the TOTP or recovery code. */
export type TwoFactorLoginRequest = S["Auth.TwoFactorLoginRequest"];
/** A user as the API answers it. */
export type UserResponse = S["Users.UserResponse"];
/** A space as the API answers it. */
export type SpaceResponse = S["Spaces.SpaceResponse"];
/** A member of a space as the members list answers it. */
export type SpaceMemberResponse = S["Spaces.SpaceMemberResponse"];
/** The body of `spaces.create`. */
export type CreateSpaceRequest = S["Spaces.CreateSpaceRequest"];
/** A channel of a space. */
export type ChannelResponse = S["Spaces.ChannelResponse"];
/** A chat message (its content is MLS ciphertext, see {@link E2EClient}). */
export type ChatMessage = S["Chat.MessageResponse"];
/** The body of `messages.post`. */
export type CreateMessageRequest = S["Chat.CreateMessageRequest"];
/** The slash commands of the bots in a space. */
export type CommandCatalog = S["Interactions.CommandCatalog"];
/** The body of a command invocation. */
export type InvokeRequest = S["Interactions.InvokeRequest"];
/** What an invocation answers (the bot's reply arrives later as an `interaction:response` frame). */
export type InvokeResponse = S["Interactions.InvokeResponse"];
/** One entry of a 422 answer's `errors`: where, which rule, and a message. */
export type ValidationIssue = S["ValidationIssue"];
/** A bot as its owner sees it. */
export type BotResponse = S["Bots.BotResponse"];
/** What creating a bot answers: the bot and its token (shown once). */
export type CreateBotResponse = S["Bots.CreateBotResponse"];
/** A bot's installation in a space, with the scopes granted. */
export type BotMembershipResponse = S["Bots.BotMembershipResponse"];
