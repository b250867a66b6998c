/**
 * A port for a server a test or bench starts a moment later.
 *
 * Not one the system hands out for port 0: those come from the ephemeral range
 * (/proc/sys/net/ipv4/ip_local_port_range), which is also where every outgoing connection takes its local port. In
 * the time between choosing and binding, a connection of any test file beside this one (to PostgreSQL, to a
 * portal) could take it, and the server then fails with EADDRINUSE. So the port is drawn at random from the 6,000
 * ports below that range (above tools/pg/with-cluster's PostgreSQL ports), checked free by binding it, and never
 * handed out twice in one process.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

/** The first port of the ephemeral range; Linux's default where /proc cannot be read. */
function ephemeralLow(): number {
  try {
    const low = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    if (Number.isInteger(low) && low > 2048) return low;
  } catch {
    // not Linux
  }
  return 32_768;
}

const HIGH = ephemeralLow() - 1;
const LOW = Math.max(1025, HIGH - 6_000);
const given = new Set<number>();

const bindable = (port: number) =>
  new Promise<boolean>((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });

/** A free port on 127.0.0.1; with `consecutive`, the first of that many free ports in a row. */
export async function freePort(consecutive = 1): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const port = LOW + Math.floor(Math.random() * (HIGH - LOW - consecutive));
    const run = Array.from({ length: consecutive }, (_, k) => port + k);
    if (run.some((p) => given.has(p))) continue;
    let free = true;
    for (const p of run) if (!(free = await bindable(p))) break;
    if (!free) continue;
    for (const p of run) given.add(p);
    return port;
  }
  throw new Error(`no ${consecutive} free port(s) between ${LOW} and ${HIGH}`);
}
