/**
 * Visit documents for three demo companies (the demo recruiter's first): small PDFs written in code, so
 * that the repository holds no binary file and every seed writes the same bytes.
 */
import { and, asc, eq, ne } from 'drizzle-orm';
import { elide } from '../../common/format.ts';
import type { DbOrTx } from '../client.ts';
import { companies, documents, users } from '../schema.ts';
import { DEMO_RECRUITER_EMAIL } from './demo.ts';

/** What the seed needs of the files port (server/ports/files.ts), which db/ does not import. */
export interface FileWriter {
  put(key: string, bytes: Uint8Array, contentType: string): Promise<void>;
}

interface DemoDocument {
  title: string;
  fileName: string;
  lines: (companyName: string) => string[];
}

const ACCESS_AND_SAFETY: DemoDocument = {
  title: 'Plan d’accès et consignes de sécurité',
  fileName: 'plan-acces-consignes-securite.pdf',
  lines: (name) => [
    `Bienvenue chez ${name}.`,
    'Présentez-vous à l’accueil principal 10 minutes avant l’heure prévue.',
    'Parking visiteurs à droite après la barrière ; car scolaire possible sur réservation.',
    'Chaussures fermées obligatoires ; gilets et lunettes de protection fournis.',
    'Restez avec votre guide et suivez le marquage au sol dans les ateliers.',
    'Photos et vidéos interdites dans les zones de production.',
  ],
};

const PROGRAMME: DemoDocument = {
  title: 'Programme de la visite',
  fileName: 'programme-visite.pdf',
  lines: (name) => [
    `Visite ${elide('de', name)} : environ deux heures.`,
    '1. Accueil et présentation de l’entreprise (20 min).',
    '2. Visite des ateliers en petits groupes (60 min).',
    '3. Rencontre avec des salariés et des apprentis (30 min).',
    '4. Questions, documentation sur les métiers et les formations (10 min).',
  ],
};

const SAFETY: DemoDocument = {
  title: 'Consignes de sécurité',
  fileName: 'consignes-securite.pdf',
  lines: (name) => [
    `Consignes pour les visiteurs ${elide('de', name)}.`,
    'Port des équipements de protection fournis pendant toute la visite.',
    'En cas d’alarme, suivez votre guide jusqu’au point de rassemblement.',
    'Signalez à votre guide toute allergie ou difficulté de déplacement.',
  ],
};

/** The demo recruiter's company gets two documents, the next two validated companies one each. */
const PLAN: readonly (readonly DemoDocument[])[] = [[ACCESS_AND_SAFETY, PROGRAMME], [PROGRAMME], [SAFETY]];

/**
 * Writes the demo visit documents: each file through the files port, then its row. Run once, right after
 * the demo seed; returns how many documents it wrote.
 */
export async function seedDemoDocuments(db: DbOrTx, files: FileWriter, now: Date): Promise<number> {
  const [recruiter] = await db
    .select({ companyId: users.companyId })
    .from(users)
    .where(eq(users.email, DEMO_RECRUITER_EMAIL));
  const first = recruiter?.companyId;
  if (first == null) throw new Error('The demo recruiter has no company: run the demo seed first');
  const others = await db
    .select({ id: companies.id })
    .from(companies)
    .where(and(eq(companies.status, 'validated'), ne(companies.id, first)))
    .orderBy(asc(companies.id))
    .limit(PLAN.length - 1);
  const companyIds = [first, ...others.map((c) => c.id)];

  let written = 0;
  for (const [index, companyId] of companyIds.entries()) {
    const [company] = await db
      .select({ name: companies.name })
      .from(companies)
      .where(eq(companies.id, companyId));
    for (const [n, document] of (PLAN[index] ?? []).entries()) {
      const bytes = tinyPdf(document.title, document.lines(company?.name ?? ''));
      const storageKey = `companies/${companyId}/visit-documents/demo-${n + 1}.pdf`;
      await files.put(storageKey, bytes, 'application/pdf');
      await db.insert(documents).values({
        ownerKind: 'company',
        ownerId: companyId,
        purpose: 'visitDocument',
        title: document.title,
        fileName: document.fileName,
        mimeType: 'application/pdf',
        sizeBytes: bytes.length,
        storageKey,
        createdAt: new Date(now.getTime() + written),
      });
      written++;
    }
  }
  return written;
}

/** A PDF string's special characters escaped; characters beyond Latin-1 become "?" (WinAnsi has no more). */
function pdfText(text: string): string {
  return text.replace(/[\\()]/g, (c) => `\\${c}`).replace(/[^\x20-\xff]/g, '?');
}

/**
 * A one-page A4 PDF 1.4: a title and lines of Helvetica text (WinAnsi, so French accents show), with its
 * cross-reference table at the byte offsets readers check. No date inside: the same text, the same bytes.
 */
export function tinyPdf(title: string, lines: readonly string[]): Uint8Array<ArrayBuffer> {
  const content = [
    'BT',
    '/F1 18 Tf',
    '56 770 Td',
    `(${pdfText(title)}) Tj`,
    '/F1 11 Tf',
    '0 -32 Td',
    ...lines.flatMap((line) => [`(${pdfText(line)}) Tj`, '0 -18 Td']),
    'ET',
  ].join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    `<< /Title (${pdfText(title)}) /Producer (Passerelle Industrie) >>`,
  ];
  // The second line's high bytes tell transfer tools that the file is binary.
  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  for (const [i, body] of objects.entries()) {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  }
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  pdf += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\n`;
  pdf += `startxref\n${xref}\n%%EOF\n`;
  // Every character is one byte (Latin-1), so the lengths and offsets above are byte counts.
  return Uint8Array.from(pdf, (c) => c.charCodeAt(0));
}
