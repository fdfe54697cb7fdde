/**
 * The import walls of ARCHITECTURE.md, checked by `npm run check` (with scripts/check-sql-tables.ts, which
 * checks what imports do not show: docs/decisions/0044). Tests may reach across them.
 */
const TESTS = '\\.test\\.tsx?$';
const INFRASTRUCTURE = '^server/(kernel|graphql|http|ports)/';
const BUILTIN_RECRUITMENT_SITE = '^server/ports/recruitment-site/builtin\\.ts$';

module.exports = {
  forbidden: [
    {
      name: 'islands-stay-in-the-browser',
      comment:
        'islands/ imports only islands/ and common/ (and browser libraries): no server code, no database.',
      severity: 'error',
      from: { path: '^islands/', pathNot: TESTS },
      to: { path: '^(server|db|pages|scripts|tests|bench)/' },
    },
    {
      name: 'common-imports-nothing',
      comment: "common/ imports nothing of the project's other folders.",
      severity: 'error',
      from: { path: '^common/', pathNot: TESTS },
      to: { path: '^(server|db|pages|islands|scripts|tests|bench)/' },
    },
    {
      name: 'db-stays-below-the-server',
      comment: 'db/ imports only db/ and common/.',
      severity: 'error',
      from: { path: '^db/', pathNot: TESTS },
      to: { path: '^(server|pages|islands|scripts|tests|bench)/' },
    },
    {
      name: 'server-does-not-know-pages',
      comment: 'server/ imports db/, common/, its ports and other domains, never pages/ or islands/.',
      severity: 'error',
      from: { path: '^server/', pathNot: TESTS },
      to: { path: '^(pages|islands|scripts|tests|bench)/' },
    },
    {
      name: 'domains-meet-through-their-index',
      comment: 'A domain folder is a room: others call what its index.ts exposes, never its queries.',
      severity: 'error',
      // The composition root (main/) and the schema assembly are the places that gather every domain's parts.
      from: { path: '^server/([^/]+)/', pathNot: [TESTS, '^server/graphql/index\\.ts$', '^server/main/'] },
      to: { path: '^server/[^/]+/', pathNot: ['^server/$1/', '^server/[^/]+/index\\.ts$', INFRASTRUCTURE] },
    },
    {
      name: 'pages-use-what-the-server-exposes',
      comment:
        "pages/ import islands/, common/ and the server's domain indexes (plus the app and its context).",
      severity: 'error',
      from: { path: '^pages/' },
      to: {
        path: '^(server|db)/',
        pathNot: [
          '^server/[^/]+/index\\.ts$',
          '^server/main/(app|deps|runtime)\\.ts$',
          '^server/kernel/[^/]+\\.ts$',
        ],
      },
    },
    {
      name: 'domains-own-their-tables',
      comment:
        'A domain imports only its own schema module (db/schema/<domain>.ts); what it needs of other tables it asks their domain for, or reads through a view it declares (docs/decisions/0023).',
      severity: 'error',
      from: { path: '^server/([^/]+)/', pathNot: [TESTS, BUILTIN_RECRUITMENT_SITE] },
      to: { path: '^db/schema(\\.ts$|/)', pathNot: '^db/schema/$1\\.ts$' },
    },
    {
      name: 'built-in-recruitment-site-keeps-to-accounts',
      comment:
        "The built-in recruitment site stands in for an outside service whose accounts are the platform's users and whose offers are kept beside the companies: it touches those tables only.",
      severity: 'error',
      from: { path: BUILTIN_RECRUITMENT_SITE },
      to: { path: '^db/schema(\\.ts$|/)', pathNot: '^db/schema/(accounts|companies)\\.ts$' },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'No cycle between the folders of server/, even where every file is acyclic: a folder that needs another sits above it, and what must flow back is an event. A folder here holds its subfolders, so the files directly in server/ are not a folder of their own: scripts/check-sql-tables.ts finds the cycles through them.',
      severity: 'error',
      scope: 'folder',
      from: { path: '^server/' },
      to: { circular: true },
    },
    {
      name: 'no-circular',
      comment:
        'No cycles: a domain that needs another sits above it; what must flow back is an event (server/main/subscribers.ts).',
      severity: 'error',
      from: { pathNot: TESTS },
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    // Test files are left out of the cruise, not only out of each rule's `from`: a folder rule counts every
    // module of a folder, and a test that reaches across folders would make a cycle of them.
    exclude: { path: ['^(dist|data|node_modules)/', TESTS] },
  },
};
