// Outgoing e-mail: nodemailer over SMTP_URL, or, with no SMTP configured, the whole mail written to the log at
// info level. That log line carries the links (and so their tokens) on purpose: it is how a local developer
// verifies an address or resets a password without a mail server (docs/configuration.md). Under NODE_ENV=production
// a log is read by operators and shipped elsewhere, and those links are live credentials: there mail without
// SMTP_URL is disabled, and only the fact that a mail was dropped is logged. Nothing else is logged of a mail.
import { createTransport, type Transporter } from "nodemailer";
import type { Logger } from "./logger.ts";

interface Mail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailer {
  /** Rejects when the mail could not be handed to the SMTP server. */
  send(mail: Mail): Promise<void>;
  close(): void;
}

export function createMailer(opts: { smtpUrl: string | undefined; from: string; log: Logger; production?: boolean }): Mailer {
  if (opts.smtpUrl) return new SmtpMailer(opts.smtpUrl, opts.from);
  if (opts.production) {
    opts.log.warn("no SMTP_URL: e-mail is disabled (verification and password-reset mails are not sent); set SMTP_URL");
    return new DisabledMailer(opts.log);
  }
  return new LogMailer(opts.log, opts.from);
}

class SmtpMailer implements Mailer {
  private transport: Transporter;
  constructor(
    url: string,
    private from: string,
  ) {
    // Bounded waits, so a dead mail server cannot hold a request (or a background send) for minutes.
    this.transport = createTransport({ url, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 });
  }
  async send(mail: Mail) {
    await this.transport.sendMail({ from: this.from, to: mail.to, subject: mail.subject, text: mail.text });
  }
  close() {
    this.transport.close();
  }
}

class LogMailer implements Mailer {
  constructor(
    private log: Logger,
    private from: string,
  ) {}
  async send(mail: Mail) {
    // Field names chosen to stay clear of the logger's redaction paths (`token`, `content`, …).
    this.log.info(
      { mail: { from: this.from, to: mail.to, subject: mail.subject, body: mail.text } },
      "e-mail not sent (no SMTP_URL); its text follows",
    );
  }
  close() {}
}

class DisabledMailer implements Mailer {
  constructor(private log: Logger) {}
  async send(mail: Mail) {
    // The subject says which flow asked; the text (with its links) is never logged here.
    this.log.warn({ mail: { subject: mail.subject } }, "e-mail not sent: mail is disabled (no SMTP_URL)");
  }
  close() {}
}
