/**
 * Content-Security-Policy violation reports: the browser POSTs them to /csp-report (the policy's
 * `report-uri`, server/security/headers.ts). Each is logged and kept in a table of its own, csp_reports (the
 * directive, the blocked source and the page's path, never the page's query), at most once per hour for the same
 * three, so a noisy page cannot fill it. Anyone may post here without signing in (a browser sends no XSRF token with
 * a report, so the address is outside /api): the reports stay out of the audit log, whose security events they
 * would bury, one client address may send CSP_REPORT_LIMIT of them an hour (then 429, nothing stored), and the
 * purge drops them after KEEP_CSP_REPORTS_MS.
 */
import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { maskPath, maskText } from './log-mask.js';
import { CSP_REPORT_LIMIT, enforce } from './rate-limit.js';

export const CSP_REPORT_PATH = '/csp-report';
const SAME_REPORT_MS = 3_600_000;
/** How long a report is kept: long enough to see what a release broke, short enough to stay small. */
export const KEEP_CSP_REPORTS_MS = 30 * 24 * 3_600_000;

interface Violation {
  directive: string;
  blocked: string;
  page: string;
}

const text = (v: unknown, max = 300) => (typeof v === 'string' ? v.slice(0, max) : '');
const pathOf = (url: string) => {
  try {
    return new URL(url).pathname;
  } catch {
    return url.split('?')[0];
  }
};

/** The violations of a report in either format: `{ "csp-report": {...} }` (report-uri) or a Reporting API list. */
function violations(body: unknown): Violation[] {
  const one = (r: Record<string, unknown>): Violation => ({
    directive: text(r['effective-directive'] ?? r['violated-directive'] ?? r.effectiveDirective, 100),
    // a page of the portal may carry a reset or invitation key, a personal code (server/security/log-mask.ts)
    blocked: maskText(text(r['blocked-uri'] ?? r.blockedURL).split(/[?#]/)[0]),
    page: maskPath(pathOf(text(r['document-uri'] ?? r.documentURL, 2000))),
  });
  if (body && typeof body === 'object' && 'csp-report' in body) {
    const r = body['csp-report'];
    return r && typeof r === 'object' ? [one(r as Record<string, unknown>)] : [];
  }
  if (Array.isArray(body))
    return body.flatMap((item: unknown) =>
      item && typeof item === 'object' && 'body' in item && item.body && typeof item.body === 'object'
        ? [one(item.body as Record<string, unknown>)]
        : [],
    );
  return [];
}

export function installCspReports(app: FastifyInstance): void {
  app.addContentTypeParser(
    ['application/csp-report', 'application/reports+json'],
    { parseAs: 'string', bodyLimit: 20_000 },
    (_req, body, done) => {
      try {
        done(null, JSON.parse(String(body)));
      } catch {
        done(null, undefined);
      }
    },
  );
  app.post(CSP_REPORT_PATH, { bodyLimit: 20_000 }, async (req, reply) => {
    const { db, clock } = app.deps;
    const reported = violations(req.body).slice(0, 10);
    // each report counts (a post of ten is ten), an empty post too
    await enforce(reply, CSP_REPORT_LIMIT, req.ip, Math.max(1, reported.length));
    for (const v of reported) {
      req.log.warn({ csp: v }, 'content security policy violation');
      const now = clock.now().getTime();
      const digest = createHash('sha256')
        .update(JSON.stringify([v.directive, v.blocked, v.page]))
        .digest('hex');
      const seen = await db
        .selectFrom('csp_reports')
        .select('id')
        .where('digest', '=', digest)
        .where('at', '>', new Date(now - SAME_REPORT_MS).toISOString())
        .executeTakeFirst();
      if (!seen)
        await db
          .insertInto('csp_reports')
          .values({ at: new Date(now).toISOString(), address: req.ip.slice(0, 100), ...v, digest })
          .execute();
    }
    return reply.status(204).send();
  });
}
