// Bot tokens: `bot_` + 48 lowercase hex characters from a CSPRNG, stored only as their SHA-256.
import { randomBytes } from "node:crypto";
import { sha256 } from "../../platform/crypto.ts";

export const BOT_TOKEN = /^bot_[0-9a-f]{48}$/;

export const newBotToken = (): string => `bot_${randomBytes(24).toString("hex")}`;

export const hashBotToken = sha256;
