import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = { to: string[]; raw: string; text: string };

/** Undoes quoted-printable, which nodemailer uses for long lines such as verification links. */
function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** A real SMTP server on loopback that keeps every message it is handed. */
export async function startSmtpServer() {
  const mails: ReceivedMail[] = [];
  const listeners = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        mails.push({
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw,
          text: decodeQuotedPrintable(raw),
        });
        for (const listener of listeners) listener();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;

  function mailsTo(address: string): ReceivedMail[] {
    return mails.filter((mail) => mail.to.includes(address.toLowerCase()));
  }

  /** Resolves with the count-th mail to an address (1-based), waiting for it to arrive. */
  async function waitForMail(address: string, count = 1, timeoutMs = 10_000): Promise<ReceivedMail> {
    const found = mailsTo(address)[count - 1];
    if (found) return found;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        listeners.delete(check);
        reject(new Error(`no mail #${count} to ${address} within ${timeoutMs} ms`));
      }, timeoutMs);
      function check() {
        const mail = mailsTo(address)[count - 1];
        if (!mail) return;
        clearTimeout(timer);
        listeners.delete(check);
        resolve(mail);
      }
      listeners.add(check);
    });
  }

  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    mailsTo,
    waitForMail,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SmtpTestServer = Awaited<ReturnType<typeof startSmtpServer>>;

/** The verification link a mail carries. */
export function verificationLink(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"<>]+\/verified\?token=[\w.%-]+/.exec(mail.text);
  if (!match) throw new Error(`no verification link in mail:\n${mail.text}`);
  return match[0];
}

/** The password reset link a mail carries. */
export function passwordResetLink(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"<>]+\/reset-password\?token=[\w.%-]+/.exec(mail.text);
  if (!match) throw new Error(`no password reset link in mail:\n${mail.text}`);
  return match[0];
}

/** The studio invitation link a mail carries (decision 065). */
export function invitationLink(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"<>]+\/invitations\/[\w-]+/.exec(mail.text);
  if (!match) throw new Error(`no invitation link in mail:\n${mail.text}`);
  return match[0];
}
