/**
 * Writes the PDF documents' fonts (server/pdf/fonts/): DejaVu Sans and DejaVu Sans Bold from Debian's
 * fonts-dejavu-core, subset by fontTools' pyftsubset (`pip install fonttools`) to what French text needs —
 * Latin-1, Latin Extended-A (œ Œ), the typographic punctuation (’ « » – — … € and the narrow no-break space
 * that French number and time formats use) — without hinting nor layout tables, which pdf-lib does not
 * use. Each face becomes a module holding its bytes in base64, so that the Worker reads it as code (no file
 * system there) and only the documents' chunk loads it (docs/decisions/0046).
 * `node scripts/pdf-fonts.ts` after a change of FRENCH_UNICODES; the licence is beside them.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const SOURCE = '/usr/share/fonts/truetype/dejavu';
const FRENCH_UNICODES = [
  'U+0020-007E',
  'U+00A0-00FF',
  'U+0100-017F',
  'U+2009',
  'U+2010-2014',
  'U+2018-201E',
  'U+2022',
  'U+2026',
  'U+202F',
  'U+2039-203A',
  'U+20AC',
  'U+2192',
].join(',');
const FACES = [
  { file: 'DejaVuSans.ttf', module: 'dejavu-sans.ts', name: 'DejaVu Sans' },
  { file: 'DejaVuSans-Bold.ttf', module: 'dejavu-sans-bold.ts', name: 'DejaVu Sans Bold' },
];

const work = mkdtempSync(join(tmpdir(), 'pdf-fonts-'));
try {
  for (const face of FACES) {
    const output = join(work, face.file);
    execFileSync('pyftsubset', [
      join(SOURCE, face.file),
      `--unicodes=${FRENCH_UNICODES}`,
      '--no-hinting',
      '--layout-features=',
      `--output-file=${output}`,
    ]);
    const bytes = readFileSync(output);
    writeFileSync(
      join('server/pdf/fonts', face.module),
      `// ${face.name}, subset for French by scripts/pdf-fonts.ts (${bytes.length} bytes). Licence: ./LICENSE.\n` +
        `export default '${bytes.toString('base64')}';\n`,
    );
    console.log(`${face.module} : ${bytes.length} octets`);
  }
} finally {
  rmSync(work, { recursive: true, force: true });
}
