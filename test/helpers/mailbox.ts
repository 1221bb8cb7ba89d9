// Test helper: a real SMTP server on an ephemeral loopback port that keeps every mail it receives.
import { SMTPServer } from "smtp-server";
import type { AddressInfo } from "node:net";
import { vi } from "vitest";

export interface ReceivedMail {
  to: string;
  subject: string;
  text: string;
}

export interface Mailbox {
  url: string;
  mails: ReceivedMail[];
  /** The first mail (received so far or within `ms`) matching `match`. */
  waitFor(match: (m: ReceivedMail) => boolean, ms?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

export async function startMailbox(): Promise<Mailbox> {
  const mails: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, done) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        mails.push(parse(Buffer.concat(chunks).toString("utf8")));
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    waitFor: (match, ms = 10_000) =>
      vi.waitFor(
        () => {
          const hit = mails.find(match);
          if (!hit) throw new Error(`no matching mail within ${ms} ms (have ${mails.length})`);
          return hit;
        },
        { timeout: ms, interval: 25 },
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough of RFC 5322 + MIME for the single-part text mails the server sends. */
function parse(raw: string): ReceivedMail {
  const split = raw.indexOf("\r\n\r\n");
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, " ");
  let body = raw.slice(split + 4);
  const header = (name: string) => head.match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";
  const encoding = header("Content-Transfer-Encoding").toLowerCase();
  if (encoding === "quoted-printable")
    body = Buffer.from(
      body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
      "latin1",
    ).toString("utf8");
  else if (encoding === "base64") body = Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  return { to: header("To").replace(/^.*<|>.*$/g, ""), subject: header("Subject"), text: body };
}

export const linkIn = (mail: ReceivedMail, page: string): URL => {
  const m = mail.text.match(new RegExp(`https?://\\S+/${page}\\?token=\\S+`));
  if (!m) throw new Error(`no ${page} link in: ${mail.text}`);
  return new URL(m[0]);
};
