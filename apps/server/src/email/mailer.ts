import nodemailer from 'nodemailer';
import type { Logger } from '../logging/logger';

export type Mail = { to: string; subject: string; text: string; html: string };
export type Mailer = { send: (mail: Mail) => Promise<void>; close: () => void };

/** nodemailer to SMTP_URL; without one, each mail is printed to the log so a local user can still click it. */
export function createMailer(options: { smtpUrl: string | null; from: string }, logger: Logger): Mailer {
  if (!options.smtpUrl) {
    return {
      send: async (mail) => {
        const rule = '='.repeat(72);
        logger.always(
          [
            rule,
            'EMAIL (not sent: SMTP_URL is not set, so it is printed here instead)',
            `From:    ${options.from}`,
            `To:      ${mail.to}`,
            `Subject: ${mail.subject}`,
            '',
            mail.text,
            rule,
          ].join('\n'),
        );
      },
      close: () => undefined,
    };
  }
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    send: async (mail) => {
      await transport.sendMail({ from: options.from, ...mail });
      logger.info(`mail "${mail.subject}" sent to ${mail.to}`);
    },
    close: () => transport.close(),
  };
}
