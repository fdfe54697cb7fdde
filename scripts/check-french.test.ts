// check-french: off — the wrong French below is what the check is shown to find.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: the sources under test hold templates.
import { describe, expect, it } from 'vitest';
import { checkFrenchSource, NBSP } from './check-french.ts';

/** The source as `--write` leaves it, with the no-break spaces shown as ⍽. */
const fixed = (source: string, file = 'x.tsx') => checkFrenchSource(file, source).text.replaceAll(NBSP, '⍽');
const rules = (source: string, file = 'x.tsx') =>
  checkFrenchSource(file, source).findings.map((f) => `${f.line}:${f.rule}${f.fixable ? '' : ' (by hand)'}`);

describe('check-french', () => {
  it('gives an elision the typographic apostrophe, in strings, templates, JSX text and attributes', () => {
    expect(fixed(`const a = "L'équipe d'Aéro";`)).toBe('const a = "L’équipe d’Aéro";');
    expect(fixed(`const a = 'Aujourd\\'hui, qu\\'il vienne';`)).toBe(
      `const a = 'Aujourd’hui, qu’il vienne';`,
    );
    expect(fixed("const a = `Rôle d'${name}, jusqu'au ${day}`;")).toBe(
      'const a = `Rôle d’${name}, jusqu’au ${day}`;',
    );
    expect(fixed(`const a = <p title="Retirer l'accès">C'est l'heure</p>;`)).toBe(
      'const a = <p title="Retirer l’accès">C’est l’heure</p>;',
    );
    expect(rules(`const a = "L'équipe";\n`)).toEqual(['1:apostrophe']);
    expect(fixed(`const a = "Le document « Plan d'accès » est retiré";`)).toBe(
      'const a = "Le document «⍽Plan d’accès⍽» est retiré";',
    );
  });

  it('puts a no-break space before « ? ! : ; » and inside « », where a space is or where French prose has none', () => {
    expect(fixed(`const a = 'Motif : x ; et « oui » ?';`)).toBe(`const a = 'Motif⍽: x⍽; et «⍽oui⍽»⍽?';`);
    expect(fixed('const a = `«${name}»`;')).toBe('const a = `«⍽${name}⍽»`;');
    expect(fixed(`const a = 'Vous êtes une entreprise? Votre compte: le voici!';`)).toBe(
      `const a = 'Vous êtes une entreprise⍽? Votre compte⍽: le voici⍽!';`,
    );
    expect(fixed(`const a = <p>Bonjour <b>{name}</b> : votre place !</p>;`)).toBe(
      'const a = <p>Bonjour <b>{name}</b>⍽: votre place⍽!</p>;',
    );
    expect(fixed(`const a = <p>«{'\\u00a0'}Imprimer{'\\u00a0'}»</p>;`)).toBe(
      `const a = <p>«{'\\u00a0'}Imprimer{'\\u00a0'}»</p>;`,
    );
    expect(fixed(`const a = <p>{label}{' '}: la suite</p>;`)).toBe(
      `const a = <p>{label}{'\\u00a0'}: la suite</p>;`,
    );
  });

  it('reads JSX text as React renders it: a line break before « : » is a space, and becomes the no-break one', () => {
    const source = [
      'const a = (',
      '  <p>',
      '    Ouvrez un message pour y répondre',
      '    : la réponse part.',
      '  </p>',
      ');',
    ];
    expect(fixed(source.join('\n'))).toBe(
      [
        'const a = (',
        '  <p>',
        '    Ouvrez un message pour y répondre⍽: la réponse part.',
        '  </p>',
        ');',
      ].join('\n'),
    );
  });

  it('leaves the spaces of a Testing Library text query, which collapses the DOM’s no-break spaces', () => {
    expect(
      fixed(`screen.getByText("L'équipe : x"); within(d).findAllByLabelText('Motif : a');`, 'x.test.tsx'),
    ).toBe(`screen.getByText("L’équipe : x"); within(d).findAllByLabelText('Motif : a');`);
    expect(fixed(`expect(p.textContent).toBe('Motif : a');`, 'x.test.tsx')).toBe(
      `expect(p.textContent).toBe('Motif⍽: a');`,
    );
  });

  it('makes a test’s regular expression follow the product’s text, matching a no-break space with \\s', () => {
    expect(fixed(`const a = /^Rappel : l'équipe « x »/;`, 'tests/e2e/x.test.ts')).toBe(
      `const a = /^Rappel\\s: l’équipe «\\sx\\s»/;`,
    );
    expect(fixed(`const a = /^Adresse email/; const b = /entreprises?: x/;`, 'x.test.tsx')).toBe(
      `const a = /^Adresse e-mail/; const b = /entreprises?: x/;`,
    );
    expect(fixed(`const a = /Rappel : x/;`, 'server/x.ts')).toBe(`const a = /Rappel : x/;`);
  });

  it('writes « e-mail », and tells « mail » and « courriel » without changing them', () => {
    expect(fixed(`const a = 'Adresse email'; const b = "L'adresse email est invalide";`)).toBe(
      `const a = 'Adresse e-mail'; const b = "L’adresse e-mail est invalide";`,
    );
    expect(rules(`const a = 'Vous recevrez un mail de la plateforme';`)).toEqual(['1:e-mail (by hand)']);
    expect(rules(`const a = 'Un courriel vous est envoyé';`)).toEqual(['1:e-mail (by hand)']);
    expect(fixed(`const a = 'Votre e-mail et user.email, emailLabel, anne@mail.fr et mailto:x';`)).toBe(
      `const a = 'Votre e-mail et user.email, emailLabel, anne@mail.fr et mailto:x';`,
    );
  });

  it('leaves what is not French text alone', () => {
    const code = [
      `import x from "./l'a.ts";`,
      `type T = "l'a";`,
      `const a = <div className="l'a b:c" href="/x?y=1" />;`,
      "const b = sql`SELECT * FROM t WHERE n = 'l''a' LIMIT ?`;",
      `const c = 'SELECT id FROM slots WHERE label = ? AND x BETWEEN ? AND ?';`,
      `const d = /l'a : b/;`,
      `const e = 'https://exemple.fr/recherche?q=1 10:30 hover:bg-x';`,
      `log.info("can't : reach");`,
      `it("says l'équipe : x", () => {});`,
      `const f = 'attachment; filename="Plan d\\'accès.pdf"';`,
      `const g = "Plan d'accès.pdf";`,
      `const h = 'Géoplateforme unreachable: timeout';`,
      `const i = 'a;b;c\\nd;e';`,
      'const j = `function f() { return a ? b : c; }`;',
      `const k = 'Dupont &amp; Fils ; x';`,
      `const l = { laquo: '«', raquo: '»' }; const m = line.split(';');`,
      `await client.execute({ sql: 'VACUUM INTO ?', args: [target] }); const n = 'OK ?';`,
    ].join('\n');
    expect(fixed(code)).toBe(code);
    expect(rules(code)).toEqual([]);
  });

  it('reads what a script says to a person, and HTML templates, not the structured logs', () => {
    expect(fixed(`console.log(\`\${name} : fini\`); log.info("l'état : x");`, 'scripts/x.ts')).toBe(
      `console.log(\`\${name}⍽: fini\`); log.info("l'état : x");`,
    );
    expect(fixed("const a = html`<p>Aucun e-mail pour l'instant.</p>`;", 'server/x.ts')).toBe(
      'const a = html`<p>Aucun e-mail pour l’instant.</p>`;',
    );
  });

  it('skips a line after « check-french-ignore », and a file that says « check-french: off »', () => {
    const source = `// check-french-ignore: the dataset's own spelling\nconst a = "Vacances d'Hiver";\nconst b = "Vacances d'hiver";`;
    expect(fixed(source)).toBe(
      `// check-french-ignore: the dataset's own spelling\nconst a = "Vacances d'Hiver";\nconst b = "Vacances d’hiver";`,
    );
    expect(rules(`// check-french: off\nconst a = "l'a";`)).toEqual([]);
  });

  it('finds nothing more in what it wrote', () => {
    const source = `const a = <p title="Retirer l'accès ?">«oui» : l'email</p>;\nconst b = \`Rôle d'\${n} : «\${n}»\`;`;
    const once = checkFrenchSource('x.tsx', source).text;
    expect(checkFrenchSource('x.tsx', once)).toEqual({ findings: [], text: once });
  });
});
