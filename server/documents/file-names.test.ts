import { describe, expect, it } from 'vitest';
import { attachmentDisposition, cleanFileName } from './file-names.ts';

describe('document file names', () => {
  it('keeps the last segment of what the browser sent, without what a file system refuses', () => {
    expect(cleanFileName('C:\\Users\\léa\\Plan d’accès.PDF')).toBe('Plan d’accès.pdf');
    expect(cleanFileName('../../etc/passwd.pdf')).toBe('passwd.pdf');
    expect(cleanFileName('a\u0000b<c>:"d|?*.pdf')).toBe('abcd.pdf');
    expect(cleanFileName('  trop   d’espaces  .docx')).toBe('trop d’espaces.docx');
    expect(cleanFileName('..pdf')).toBe('document.pdf');
    expect(cleanFileName('e\u0301te\u0301.pdf')).toBe('été.pdf');
  });

  it('shortens a long name to 150 characters, its extension kept', () => {
    const name = cleanFileName(`${'a'.repeat(300)}.pptx`);
    expect(name).toHaveLength(150);
    expect(name.endsWith('a.pptx')).toBe(true);
  });

  it('names the attachment in ASCII and in UTF-8', () => {
    expect(attachmentDisposition("Plan d'accès (2).pdf")).toBe(
      `attachment; filename="Plan d'acces (2).pdf"; filename*=UTF-8''Plan%20d%27acc%C3%A8s%20%282%29.pdf`,
    );
    expect(attachmentDisposition('a"b\\c%d€.pdf')).toBe(
      `attachment; filename="a_b_c_d_.pdf"; filename*=UTF-8''a%22b%5Cc%25d%E2%82%AC.pdf`,
    );
  });
});
