// The install scopes of spec 2.2, each with the plain-language line the install form shows.
export const SCOPES = [
  ["commands", "Offer its slash commands here and receive them when someone uses one."],
  ["messages.send", "Post messages in the channels you allow."],
  ["messages.react", "Add emoji reactions to messages in those channels."],
  ["messages.delete.own", "Delete messages it posted itself."],
  ["moderation.messages", "Delete other people's messages in those channels (moderation)."],
] as const;
