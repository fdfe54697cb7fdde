import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import { USER_KINDS, type UserKind } from './constants.ts';
import { HOME_OF, isCompanySide, mayOpen, nextPathFor, ROUTES, sameSitePath, withNext } from './routes.ts';

describe('sameSitePath', () => {
  it('keeps a path of this site, with its query and hash', () => {
    expect(sameSitePath('/my-favorites')).toBe('/my-favorites');
    expect(sameSitePath('/company-details?id=12')).toBe('/company-details?id=12');
    expect(sameSitePath('/search-companies?texte=la forge#carte')).toBe(
      '/search-companies?texte=la%20forge#carte',
    );
    expect(sameSitePath('/')).toBe('/');
  });

  it.each([
    ['another site, scheme-relative', '//evil.example/login'],
    ['another site, with a scheme', 'https://evil.example/'],
    ['a scheme without slashes', 'javascript:alert(1)'],
    ['a data URL', 'data:text/html,<script>alert(1)</script>'],
    ['a backslash browsers read as a slash', '/\\evil.example'],
    ['a backslash further on', '/my-favorites\\..\\'],
    ['a tab browsers drop', '/\t/evil.example'],
    ['a newline browsers drop', '/\n/evil.example'],
    ['a relative path', 'my-favorites'],
    ['three slashes', '///evil.example'],
    ['nothing', ''],
    ['no value', undefined],
  ])('refuses %s', (_case, value) => {
    expect(sameSitePath(value)).toBeNull();
  });
});

describe('nextPathFor', () => {
  it('sends the user to the page they asked for when their kind may open it', () => {
    expect(nextPathFor('teacher', '/my-favorites')).toBe('/my-favorites');
    expect(nextPathFor('teacher', '/meetings-teacher/meeting-details?id=4')).toBe(
      '/meetings-teacher/meeting-details?id=4',
    );
    expect(nextPathFor('recruiter', '/my-slots/edit-slot?id=3')).toBe('/my-slots/edit-slot?id=3');
    expect(nextPathFor('admin', '/admin/departments')).toBe('/admin/departments');
    expect(nextPathFor('recruiter', '/company-details?id=9')).toBe('/company-details?id=9');
    expect(nextPathFor('teacher', '/feedback/7')).toBe('/feedback/7');
  });

  it('sends them home from another kind’s page, a login page or an unsafe one', () => {
    expect(nextPathFor('teacher', '/my-slots')).toBe(HOME_OF.teacher);
    expect(nextPathFor('teacher', '/admin')).toBe(HOME_OF.teacher);
    expect(nextPathFor('recruiter', '/my-favorites')).toBe(HOME_OF.recruiter);
    expect(nextPathFor('admin', '/home-teacher')).toBe(HOME_OF.admin);
    expect(nextPathFor('teacher', '/login-teacher?next=/my-favorites')).toBe(HOME_OF.teacher);
    expect(nextPathFor('admin', '/admin/login')).toBe(HOME_OF.admin);
    expect(nextPathFor('teacher', '//evil.example/my-favorites')).toBe(HOME_OF.teacher);
    expect(nextPathFor('teacher', '/\\evil.example')).toBe(HOME_OF.teacher);
    expect(nextPathFor('recruiter', 'https://evil.example/my-company')).toBe(HOME_OF.recruiter);
    expect(nextPathFor('teacher', undefined)).toBe(HOME_OF.teacher);
  });

  it('judges the page by its path, not by something that looks like one in the query', () => {
    expect(nextPathFor('teacher', '/my-favorites/../my-slots')).toBe(HOME_OF.teacher);
    expect(nextPathFor('teacher', '/my-favorites?x=/my-slots')).toBe('/my-favorites?x=/my-slots');
    expect(nextPathFor('teacher', '/home-teacherx')).toBe('/home-teacherx');
  });
});

describe('isCompanySide', () => {
  it('knows the company’s pages, and an invitation’s, from the table of who may open what', () => {
    for (const next of [
      '/my-company',
      '/my-company/team?demande=4',
      '/my-slots/edit-slot?id=3',
      '/home-company',
      '/meetings-company/meeting-details?id=2',
      '/join-team?token=abc',
    ]) {
      expect(isCompanySide(next), next).toBe(true);
    }
  });

  it('says no for the others’ pages, the public ones and what is not a path of this site', () => {
    for (const next of [
      '/my-favorites',
      '/company-details?id=9',
      '/search-companies',
      '/admin',
      '/my-companyx',
      '//evil.example/my-company',
      null,
    ]) {
      expect(isCompanySide(next), String(next)).toBe(false);
    }
  });
});

describe('withNext', () => {
  it('carries a same-site path only', () => {
    expect(withNext(ROUTES.loginCompany, '/my-company?tab=1')).toBe(
      '/login-company?next=%2Fmy-company%3Ftab%3D1',
    );
    expect(withNext(ROUTES.loginCompany, '//evil.example')).toBe('/login-company');
    expect(withNext(ROUTES.loginCompany, undefined)).toBe('/login-company');
  });
});

/** Every page folder and the `access` its nearest `+config.ts` gives it (the guard's rule). */
function pagesWithAccess(): { path: string; access: string }[] {
  const root = join(import.meta.dirname, '..', 'pages');
  const found: { path: string; access: string }[] = [];
  const walk = (dir: string, inherited: string) => {
    const config = join(dir, '+config.ts');
    const own = existsSync(config) ? readFileSync(config, 'utf8').match(/access: '(\w+)'/)?.[1] : undefined;
    const access = own ?? inherited;
    if (existsSync(join(dir, '+Page.tsx'))) {
      const segments = relative(root, dir)
        .split(sep)
        .filter((segment) => segment && segment !== 'index')
        .map((segment) => (segment.startsWith('@') ? '1' : segment));
      found.push({ path: `/${segments.join('/')}`, access });
    }
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory() && !entry.name.startsWith('_')) walk(join(dir, entry.name), access);
    }
  };
  walk(root, 'public');
  return found;
}

describe('the table of who may open what', () => {
  it('says what the pages’ configs say, for every page but the login pages', () => {
    const pages = pagesWithAccess();
    expect(pages.length).toBeGreaterThan(25);
    const logins: string[] = [
      ROUTES.loginTeacher,
      ROUTES.loginCompany,
      ROUTES.loginCompanySuccess,
      ROUTES.adminLogin,
    ];
    // Public to the guard, so that its data answers 404 to anyone but a national administrator, visitors
    // included (issue 34): after a login, only an administrator is sent there.
    const notFoundForOthers: Record<string, UserKind> = {
      [ROUTES.adminOperations]: 'admin',
      [ROUTES.adminPartners]: 'admin',
    };
    for (const { path, access: declared } of pages) {
      const access = notFoundForOthers[path] ?? declared;
      for (const kind of USER_KINDS as readonly UserKind[]) {
        const expected =
          !logins.includes(path) && (access === 'public' || access === 'user' || access === kind);
        expect(mayOpen(kind, path), `${kind} on ${path} (${access})`).toBe(expected);
      }
    }
  });
});
