// Minimal stub of the mail colleague's module (interface agreed); they replace this file.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export function createMailer(options: { smtpUrl?: string; from: string; outboxDir: string; logger: { info: Function; error: Function } }): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    async send(message) {
      await mkdir(options.outboxDir, { recursive: true });
      const file = path.join(options.outboxDir, `${Date.now()}-${Math.random().toString(36).slice(2)}.eml`);
      await writeFile(file, `From: ${options.from}\nTo: ${message.to}\nSubject: ${message.subject}\n\n${message.text}\n`);
      options.logger.info({ file, to: message.to }, 'mail written to outbox');
    },
  };
}
