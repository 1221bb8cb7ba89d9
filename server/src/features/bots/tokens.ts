// Bot tokens: `bot_` + 48 lowercase hex characters from a CSPRNG, stored only as their SHA-256.
import { createHash, randomBytes } from "node:crypto";

export const BOT_TOKEN = /^bot_[0-9a-f]{48}$/;

export const newBotToken = (): string => `bot_${randomBytes(24).toString("hex")}`;

export const hashBotToken = (token: string): Buffer => createHash("sha256").update(token).digest();
