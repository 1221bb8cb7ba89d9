// The e-mail flows of CONTRACT 2: verification (48 h), password reset (1 h), and the admins' test mail.
// Tokens are random, single-use and stored only as hashes. Resend and forgot answer the same whether or
// not the address exists, and do their work after answering so their timing does not tell either.
import type { Knex } from "knex";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mailer.ts";
import { badRequest, forbidden, unavailable } from "../../platform/errors.ts";
import { hashPassword } from "./passwords.ts";
import { newSecret, sha256 } from "./tokens.ts";
import type { SessionGuard } from "./sessions.ts";
import * as store from "./email-store.ts";
import { findUserById, liveSessionIds, setPasswordHash } from "./store.ts";
import type { UserRows } from "../users/rows.ts";

export const VERIFY_TTL_MS = 48 * 3600_000;
export const RESET_TTL_MS = 3600_000;
export const SAME_ANSWER = "if the address belongs to an account, an e-mail is on its way";

export interface EmailFlowDeps {
  db: Knex;
  mailer: Mailer;
  sessions: SessionGuard;
  clock: Clock;
  log: Logger;
  publicUrl: string;
  adminEmails: string[];
  userRows: UserRows;
}

export class EmailFlows {
  constructor(private d: EmailFlowDeps) {}

  /** Sends the verification mail without holding up the caller; a failure is logged, not thrown. */
  verifyLater(user: { id: string; email: string }): void {
    this.later("verification", () => this.sendVerification(user));
  }

  async verify(token: string): Promise<void> {
    const row = await store.spendToken(this.d.db, sha256(token), "verify", new Date(this.d.clock.now()));
    const ok = row && (await store.markVerified(this.d.db, row.user_id, row.email, this.d.adminEmails.includes(row.email.toLowerCase())));
    if (!ok) throw badRequest("invalid or expired token");
    await this.d.userRows.changed(row.user_id);
  }

  resend(email: string): void {
    this.later("verification", async () => {
      const user = await store.findByEmail(this.d.db, email);
      if (user && !user.email_verified_at) await this.sendVerification(user);
    });
  }

  forgot(email: string): void {
    this.later("password reset", async () => {
      const user = await store.findByEmail(this.d.db, email);
      if (!user) return;
      const link = await this.link(user, "reset", RESET_TTL_MS, "reset-password");
      await this.d.mailer.send({
        to: user.email,
        subject: "Reset your Parley password",
        text: `Someone asked to reset the password of your Parley account. To choose a new one, open:\n\n${link}\n\nThe link works once, for one hour. If it was not you, ignore this mail.\n`,
      });
    });
  }

  /** Sets a new password from a reset token and ends every session of the account. */
  async reset(token: string, newPassword: string): Promise<void> {
    const hash = await hashPassword(newPassword);
    const row = await store.spendToken(this.d.db, sha256(token), "reset", new Date(this.d.clock.now()));
    if (!row || !(await findUserById(this.d.db, row.user_id))) throw badRequest("invalid or expired token");
    await setPasswordHash(this.d.db, row.user_id, hash);
    await this.d.sessions.revoke(this.d.db, await liveSessionIds(this.d.db, row.user_id));
  }

  async sendTest(userId: string): Promise<void> {
    const user = await findUserById(this.d.db, userId);
    if (!user?.is_admin) throw forbidden("admin only");
    if (!user.email) throw badRequest("no e-mail address on this account");
    try {
      await this.d.mailer.send({ to: user.email, subject: "Parley test e-mail", text: "This is a test e-mail from your Parley server. Sending works.\n" });
    } catch (err) {
      this.d.log.warn({ err: { message: (err as Error).message } }, "test e-mail failed");
      throw unavailable("could not send the e-mail");
    }
  }

  private async sendVerification(user: { id: string; email: string }): Promise<void> {
    const link = await this.link(user, "verify", VERIFY_TTL_MS, "verify-email");
    await this.d.mailer.send({
      to: user.email,
      subject: "Confirm your e-mail address for Parley",
      text: `Welcome to Parley. To confirm this address, open:\n\n${link}\n\nThe link works once, for 48 hours.\n`,
    });
  }

  private async link(user: { id: string; email: string }, purpose: store.EmailPurpose, ttlMs: number, page: string): Promise<string> {
    const token = newSecret(purpose === "verify" ? "ev" : "pr");
    await store.insertToken(this.d.db, { hash: sha256(token), user_id: user.id, purpose, email: user.email, expires_at: new Date(this.d.clock.now() + ttlMs) });
    return `${this.d.publicUrl}/${page}?token=${encodeURIComponent(token)}`;
  }

  private later(what: string, job: () => Promise<void>): void {
    job().catch((err) => this.d.log.warn({ err: { message: (err as Error).message } }, `${what} e-mail failed`));
  }
}
