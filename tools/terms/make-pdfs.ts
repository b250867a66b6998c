/**
 * Writes the general terms of the business customer contract as one small, valid PDF per language:
 * public/terms/general-terms-<lang>.pdf (served as /ui/terms/...; linked from the customer-add modal).
 *
 *   npx tsx tools/terms/make-pdfs.ts
 *
 * A real document would come from the legal department; these carry a title line and a short summary.
 * The standard Helvetica font with WinAnsiEncoding covers et/en; ru, lv and lt titles are written in Latin
 * letters without diacritics so no font has to be embedded.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const TEXTS: Record<string, string[]> = {
  et: ['EPIT ärikliendi lepingu üldtingimused', 'Kehtivad Eesti äriklientidele alates 01.01.2025.', 'Leping sõlmitakse digitaalallkirjaga (ID-kaart, Mobiil-ID või Smart-ID).'],
  en: ['EPIT business customer contract: general terms', 'Valid for business customers in Estonia from 01.01.2025.', 'The contract is signed digitally (ID-card, Mobile-ID or Smart-ID).'],
  ru: ['EPIT: obshchie usloviya dogovora s biznes-klientom', 'Deystvuyut dlya biznes-klientov v Estonii s 01.01.2025.', 'Dogovor podpisyvaetsya tsifrovoy podpisyu (ID-karta, Mobiil-ID ili Smart-ID).'],
  lv: ['EPIT biznesa klienta liguma visparigie noteikumi', 'Speka biznesa klientiem Igaunija no 01.01.2025.', 'Ligumu paraksta digitali (ID karte, Mobile-ID vai Smart-ID).'],
  lt: ['EPIT verslo kliento sutarties bendrosios salygos', 'Galioja verslo klientams Estijoje nuo 2025-01-01.', 'Sutartis pasirasoma skaitmeniniu parasu (ID kortele, Mobile-ID arba Smart-ID).'],
};

/** PDF string literal in WinAnsi (Latin-1 for these texts), with the special characters escaped. */
function pdfString(s: string): Buffer {
  const escaped = s.replace(/[\\()]/g, (c) => `\\${c}`);
  return Buffer.from(`(${escaped})`, 'latin1');
}

export function termsPdf(lines: string[]): Buffer {
  const content = Buffer.concat([
    Buffer.from('BT /F1 18 Tf 56 780 Td ', 'latin1'),
    pdfString(lines[0]),
    Buffer.from(' Tj /F1 11 Tf 0 -32 Td 14 TL ', 'latin1'),
    ...lines.slice(1).flatMap((l) => [pdfString(l), Buffer.from(" '\n", 'latin1')]),
    Buffer.from('ET', 'latin1'),
  ]);
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>', 'latin1'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>', 'latin1'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>', 'latin1'),
    Buffer.concat([Buffer.from(`<< /Length ${content.length} >>\nstream\n`, 'latin1'), content, Buffer.from('\nendstream', 'latin1')]),
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>', 'latin1'),
    Buffer.concat([Buffer.from('<< /Title ', 'latin1'), pdfString(lines[0]), Buffer.from(' /Producer (EPIT tools/terms) >>', 'latin1')]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  const offsets: number[] = [];
  let length = parts[0].length;
  objects.forEach((body, i) => {
    offsets.push(length);
    const obj = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')]);
    parts.push(obj);
    length += obj.length;
  });
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('');
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 6 0 R >>\nstartxref\n${length}\n%%EOF\n`, 'latin1'));
  return Buffer.concat(parts);
}

const dir = join(process.cwd(), 'public', 'terms');
mkdirSync(dir, { recursive: true });
for (const [lang, lines] of Object.entries(TEXTS)) {
  writeFileSync(join(dir, `general-terms-${lang}.pdf`), termsPdf(lines));
  console.log(`public/terms/general-terms-${lang}.pdf`);
}
