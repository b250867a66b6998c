/**
 * A real SMTP server for tests (smtp-server on a free port of 127.0.0.1): it wants USER and PASSWORD, refuses the
 * recipient REFUSED with 550 (a permanent failure, RFC 5321 §4.2.1), and keeps every mail it gets, raw; `parseMail`
 * reads one back.
 */
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export const USER = 'portal';
/** percent-encoded in the SMTP_URL that `mailServer` answers */
export const PASSWORD = 'pass/word:1';
export const REFUSED = 'nobody@example.lv';

export interface Received {
  from: string;
  to: string[];
  user: string | undefined;
  raw: string;
}

/** An SMTP server on 127.0.0.1 that wants USER and PASSWORD, refuses REFUSED with 550, and keeps what it gets. */
export async function mailServer(port = 0) {
  const received: Received[] = [];
  const server = new SMTPServer({
    logger: false,
    disableReverseLookup: true,
    disabledCommands: ['STARTTLS'], // no certificate here that the portal would trust; AUTH over plain TCP
    allowInsecureAuth: true,
    onAuth(auth, _session, done) {
      if (auth.username === USER && auth.password === PASSWORD) done(null, { user: auth.username });
      else done(new Error('invalid user or password'));
    },
    onRcptTo(address, _session, done) {
      if (address.address !== REFUSED) return done();
      done(Object.assign(new Error('no such mailbox'), { responseCode: 550 }));
    },
    onData(stream, session, done) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom;
        received.push({
          from: from ? from.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          user: session.user as string | undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const at = (server.server.address() as AddressInfo).port;
  let closed: Promise<void> | null = null;
  return {
    received,
    url: `smtp://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${at}`,
    close: () => (closed ??= new Promise<void>((resolve) => server.close(() => resolve()))),
  };
}

const decodeQp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

/** The headers and the text of a received single-part mail, decoded (RFC 2045 transfer encodings, RFC 2047 words). */
export function parseMail(raw: string) {
  const split = raw.indexOf('\r\n\r\n');
  const headers = new Map<string, string>();
  for (const line of raw
    .slice(0, split)
    .replace(/\r\n[ \t]+/g, ' ')
    .split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).toLowerCase(), line.slice(colon + 1).trim());
  }
  const words = (v: string) =>
    v.replace(/=\?utf-8\?([bq])\?([^?]*)\?=(\s+(?==\?))?/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : decodeQp(text.replace(/_/g, ' ')),
    );
  const body = raw.slice(split + 4);
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'quoted-printable'
      ? decodeQp(body)
      : encoding === 'base64'
        ? Buffer.from(body, 'base64').toString('utf8')
        : body;
  return { header: (name: string) => words(headers.get(name.toLowerCase()) ?? ''), text };
}
