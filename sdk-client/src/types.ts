// Names for the contract's schemas that client code uses most. All come from the generated types, never retyped.
import type { components } from "./generated.ts";

type S = components["schemas"];

export type TokenResponse = S["Auth.TokenResponse"];
export type TwoFactorRequired = S["Auth.TwoFactorRequiredResponse"];
export type RegisterRequest = S["Auth.RegisterRequest"];
export type LoginRequest = S["Auth.LoginRequest"];
export type TwoFactorLoginRequest = S["Auth.TwoFactorLoginRequest"];
export type UserResponse = S["Users.UserResponse"];
export type SpaceResponse = S["Spaces.SpaceResponse"];
export type SpaceMemberResponse = S["Spaces.SpaceMemberResponse"];
export type CreateSpaceRequest = S["Spaces.CreateSpaceRequest"];
export type ChannelResponse = S["Spaces.ChannelResponse"];
export type ChatMessage = S["Chat.MessageResponse"];
export type CreateMessageRequest = S["Chat.CreateMessageRequest"];
export type CommandCatalog = S["Interactions.CommandCatalog"];
export type InvokeRequest = S["Interactions.InvokeRequest"];
export type InvokeResponse = S["Interactions.InvokeResponse"];
export type ValidationIssue = S["ValidationIssue"];
export type BotResponse = S["Bots.BotResponse"];
export type CreateBotResponse = S["Bots.CreateBotResponse"];
export type BotMembershipResponse = S["Bots.BotMembershipResponse"];
