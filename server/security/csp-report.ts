/**
 * Content-Security-Policy violation reports: the browser POSTs them to /csp-report (the policy's
 * `report-uri`, server/security/headers.ts). Each is logged and kept in the audit table as `csp.violation` (the
 * directive, the blocked source and the page's path, never the page's query), at most once per hour for the same
 * three, so a noisy page cannot fill the table. A browser sends no XSRF token with a report, so the address is
 * outside /api.
 */
import type { FastifyInstance } from 'fastify';
import { writeAudit } from '../audit/audit.js';

export const CSP_REPORT_PATH = '/csp-report';
const SAME_REPORT_MS = 3_600_000;

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
    blocked: text(r['blocked-uri'] ?? r.blockedURL),
    page: pathOf(text(r['document-uri'] ?? r.documentURL, 2000)).slice(0, 300),
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
    for (const v of violations(req.body).slice(0, 10)) {
      req.log.warn({ csp: v }, 'content security policy violation');
      const since = new Date(clock.now().getTime() - SAME_REPORT_MS).toISOString();
      const detail = JSON.stringify(v);
      const seen = await db
        .selectFrom('audit_log')
        .select('id')
        .where('event', '=', 'csp.violation')
        .where('detail', '=', detail)
        .where('at', '>', since)
        .executeTakeFirst();
      if (!seen)
        await writeAudit(db, clock, {
          event: 'csp.violation',
          outcome: 'refused',
          address: req.ip,
          subject: v.page,
          detail: { ...v },
        });
    }
    return reply.status(204).send();
  });
}
