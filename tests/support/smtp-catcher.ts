import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface CaughtMail {
  from: string;
  to: string[];
  /** The raw message as it arrived (headers and MIME body). */
  data: string;
}

export interface SmtpCatcher {
  url: string;
  /** Every message received so far, in arrival order; tests splice what they have read. */
  received: CaughtMail[];
  close(): Promise<void>;
}

/**
 * A local SMTP server standing in for the organizer's mail provider: it keeps what it is sent.
 * `refuse` names recipients it answers 550 (mailbox unavailable), as a real server does for a dead address.
 */
export async function startSmtpCatcher({ refuse = () => false }: { refuse?: (address: string) => boolean } = {}): Promise<SmtpCatcher> {
  const received: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onRcptTo(address, _session, callback) {
      if (!refuse(address.address)) return callback();
      const error = new Error('Mailbox unavailable') as Error & { responseCode: number };
      error.responseCode = 550;
      callback(error);
    },
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (chunk: Buffer) => (data += chunk.toString()));
      stream.on('end', () => {
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));
  return {
    url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    received,
    close: () => new Promise<void>((resolve) => smtp.close(() => resolve())),
  };
}
