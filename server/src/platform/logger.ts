// pino, with every field that can carry a secret or private content redacted at the source.
import { pino, type Logger } from "pino";

export type { Logger };

/** Paths pino censors wherever they appear in a logged object (what users say stays away from logs: docs/webhooks.md#privacy). */
const REDACT_PATHS = [
  "authorization",
  "*.authorization",
  "headers.authorization",
  "req.headers.authorization",
  "req.headers.cookie",
  "password",
  "*.password",
  "new_password",
  "*.new_password",
  "current_password",
  "*.current_password",
  "token",
  "*.token",
  "access_token",
  "*.access_token",
  "refresh_token",
  "*.refresh_token",
  "two_factor_token",
  "*.two_factor_token",
  "interaction_token",
  "*.interaction_token",
  "secret",
  "*.secret",
  "device_secret",
  "*.device_secret",
  "code",
  "*.code",
  "recovery_codes",
  "*.recovery_codes",
  "ciphertext",
  "*.ciphertext",
  "options",
  "*.options",
  "content",
  "*.content",
  // A database error's detail and context quote the row or key it failed on (a sealed delivery body, a message's
  // ciphertext, an e-mail): its message, table and constraint say what failed.
  "err.detail",
  "err.where",
];

export function createLogger(level: string, destination?: pino.DestinationStream): Logger {
  return pino(
    {
      level,
      base: undefined,
      redact: { paths: REDACT_PATHS, censor: "[redacted]" },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    destination,
  );
}
