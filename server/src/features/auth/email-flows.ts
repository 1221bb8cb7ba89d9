// The e-mail flows of accounts: verification (48 h), password reset (1 h), and the admins' test mail.
// Tokens are random, single-use and stored only as hashes. Resend and forgot answer the same whether or
// not the address exists, and do their work after answering so their timing does not tell either; together
// they send at most MAIL_LIMIT mails per address and hour, so they cannot be used to bomb an inbox.
import { Counter, type Registry } from "prom-client";
import { inTransaction, type Db } from "../../platform/db.ts";
import type { Clock } from "../../platform/clock.ts";
import type { Logger } from "../../platform/logger.ts";
import type { Mailer } from "../../platform/mailer.ts";
import { badRequest, forbidden, unavailable } from "../../platform/errors.ts";
import { LimiterUnavailable, type Limiter, type LimiterFactory } from "../../platform/limiter.ts";
import type { Passwords } from "./passwords.ts";
import { newSecret, sha256 } from "./tokens.ts";
import type { SessionGuard } from "./sessions.ts";
import * as store from "./email-store.ts";
import { findUserById, liveSessionIds } from "./store.ts";
import type { UserRows } from "../users/index.ts";

/** Who an account mail goes to and which account it is about. */
export interface MailUser {
  id: string;
  username: string;
  email: string;
}

const VERIFY_TTL_MS = 48 * 3600_000;
const RESET_TTL_MS = 3600_000;
export const SAME_ANSWER = "if the address belongs to an account, an e-mail is on its way";
/** Mails that resend-verification and forgot-password send to one address (docs/limits.md#mail). */
const MAIL_LIMIT = { name: "mail:address", points: 3, durationSeconds: 3600 };

export interface EmailFlowDeps {
  db: Db;
  mailer: Mailer;
  sessions: SessionGuard;
  clock: Clock;
  log: Logger;
  publicUrl: string;
  adminEmails: string[];
  userRows: UserRows;
  passwords: Passwords;
  limiters: LimiterFactory;
  registry: Registry;
}

export class EmailFlows {
  private mailLimit: Limiter;
  private mails: Counter<"kind" | "result">;

  constructor(private d: EmailFlowDeps) {
    this.mailLimit = d.limiters.create(MAIL_LIMIT);
    this.mails = new Counter({
      name: "account_emails_total",
      help: "Account e-mails (verification, password reset) by result: sent, or limited (held back by the per-address limit)",
      labelNames: ["kind", "result"],
      registers: [d.registry],
    });
  }

  /** Sends the verification mail without holding up the caller; a failure is logged, not thrown. */
  verifyLater(user: MailUser): void {
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
      if (user && !user.email_verified_at && (await this.mayMail("verify", user.email))) await this.sendVerification(user);
    });
  }

  forgot(email: string): void {
    this.later("password reset", async () => {
      const user = await store.findByEmail(this.d.db, email);
      if (!user || !(await this.mayMail("reset", user.email))) return;
      const link = await this.link(user, "reset", RESET_TTL_MS, "reset-password");
      await this.d.mailer.send({
        to: user.email,
        subject: "Reset your Parley password",
        text: `Someone asked to reset the password of your Parley account ${user.username}. To choose a new one, open:\n\n${link}\n\nThe link works once, for one hour. If it was not you, ignore this mail.\n`,
      });
      this.mails.inc({ kind: "reset", result: "sent" });
    });
  }

  /**
   * Sets a new password from a reset token, spends every other reset token of the account and ends all its
   * sessions. The token is checked before the costly hash and spent after it, atomically with the new hash.
   */
  async reset(token: string, newPassword: string, ip: string): Promise<void> {
    const tokenHash = sha256(token);
    const now = new Date(this.d.clock.now());
    if (!(await store.isLiveToken(this.d.db, tokenHash, "reset", now))) throw badRequest("invalid or expired token");
    const passwordHash = await this.d.passwords.hash(newPassword, ip);
    const userId = await inTransaction(this.d.db, async (trx) => {
      await store.lockTokenOwner(trx, tokenHash, "reset");
      const row = await store.spendToken(trx, tokenHash, "reset", now);
      if (row) await store.changePasswordHash(trx, row.user_id, passwordHash);
      return row?.user_id;
    });
    if (!userId) throw badRequest("invalid or expired token");
    await this.d.sessions.revoke(this.d.db, await liveSessionIds(this.d.db, userId));
  }

  async sendTest(userId: string): Promise<void> {
    const user = await findUserById(this.d.db, userId);
    if (!user?.is_admin) throw forbidden("admin only");
    if (!user.email) throw badRequest("no e-mail address on this account");
    try {
      await this.d.mailer.send({
        to: user.email,
        subject: "Parley test e-mail",
        text: "This is a test e-mail from your Parley server. Sending works.\n",
      });
    } catch (err) {
      this.d.log.warn({ err: { message: (err as Error).message } }, "test e-mail failed");
      throw unavailable("could not send the e-mail");
    }
  }

  /**
   * The mail names the account, so that someone who did not sign up as that username sees the address is being
   * claimed by another; the link opens a page with a button, so a mail scanner that opens links confirms nothing.
   */
  private async sendVerification(user: MailUser): Promise<void> {
    const link = await this.link(user, "verify", VERIFY_TTL_MS, "verify-email");
    await this.d.mailer.send({
      to: user.email,
      subject: "Confirm your e-mail address for Parley",
      text:
        `Welcome to Parley. To confirm this address for the account ${user.username}, open this link and press the button there:\n\n${link}\n\n` +
        `The link works once, for 48 hours. If you did not sign up as ${user.username}, ignore this mail: the address stays unconfirmed.\n`,
    });
    this.mails.inc({ kind: "verify", result: "sent" });
  }

  /** Counts one mail to `address` against MAIL_LIMIT (atomically, before sending); false: hold it back. */
  private async mayMail(kind: "verify" | "reset", address: string): Promise<boolean> {
    try {
      if ((await this.mailLimit.consume(address.toLowerCase())).ok) return true;
    } catch (err) {
      if (!(err instanceof LimiterUnavailable)) throw err;
      // Fails closed like every limit: no mail rather than an unlimited one.
      this.d.log.warn({ limit: MAIL_LIMIT.name }, "rate limiter unavailable; e-mail not sent");
    }
    this.mails.inc({ kind, result: "limited" });
    return false;
  }

  private async link(user: { id: string; email: string }, purpose: store.EmailPurpose, ttlMs: number, page: string): Promise<string> {
    const token = newSecret(purpose === "verify" ? "ev" : "pr");
    await store.insertToken(this.d.db, {
      hash: sha256(token),
      user_id: user.id,
      purpose,
      email: user.email,
      expires_at: new Date(this.d.clock.now() + ttlMs),
    });
    return `${this.d.publicUrl}/${page}?token=${encodeURIComponent(token)}`;
  }

  private later(what: string, job: () => Promise<void>): void {
    job().catch((err) => this.d.log.warn({ err: { message: (err as Error).message } }, `${what} e-mail failed`));
  }
}
