// @ts-check
/**
 * The project's layers and boundaries, checked by `npm run lint` (issue 28). Type-only imports count:
 * a lower layer that names a higher one's types still has to change when that layer does.
 *
 * Both programs, lowest of all:
 *   contract  src/contract: the trace contract's types and paths and the pure helpers both sides need
 *             (HTML escaping, Vietnam's day); the page and the service import it, it imports nothing
 *
 * The page, lowest first; a layer imports only its own and lower ones:
 *   shared    theme/ (values only: imports nothing of src/ but the contract), src/shared, src/boot (the loader
 *             inline in the head, the protocol it speaks with the page, the held text fields), src/config.ts
 *             (the build's VITE_* settings), locales/, public/
 *   api/i18n  src/api (the one createApi), src/i18n (languages, the instance, words for days and expiry)
 *   store     src/store: makeStore, the root reducer and typed hooks; feature slices inject themselves
 *   features  src/features/<name>, src/layout (the page's frame; no feature of its own)
 *   app       src/app, src/main.tsx, src/ssr (the server render: its entry and its cache)
 *
 * The service (server/), by role as in fastify's demo app, lowest first:
 *   domain    server/domain: what a traced code, a picture and an answer are; imports only the contract
 *   parts     server/http (what any route needs of HTTP), db, import, upstream, checks, config.ts;
 *             db implements the counts' port of checks, so checks imports nothing of db
 *   fastify   server/routes (what answers a URL), server/plugins (what every request passes through)
 *   app       server/app.ts (the Fastify instance), server/main.ts (the process), server/cli (the
 *             commands: npm run import, npm run report:codes)
 *
 * Everywhere: no import cycle between modules, nor between folders (two folders that import each other
 * are one folder in two places).
 */

/** Folders and files of a layer, as path patterns from the project root. */
const SHARED = ['^src/shared/', '^src/boot/', '^src/config\\.ts$', '^theme/', '^locales/', '^public/'];
const BOOT = '^src/boot/';
const API_I18N = ['^src/api/', '^src/i18n/'];
const STORE = ['^src/store/'];
const FEATURES = ['^src/features/', '^src/layout/'];
const APP = ['^src/app/', '^src/main\\.tsx$', '^src/ssr/'];
const CONTRACT = '^src/contract/';
/** The one module a feature exposes, and its on-demand twin where it has parts loaded later. */
const PUBLIC_MODULE = '^src/features/[^/]+/(index|onDemand)\\.ts$';
const SERVER_FASTIFY = '^server/(routes|plugins)/';
const SERVER_APP = '^server/(app|main)\\.ts$';
const SERVER_CLI = '^server/cli/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment:
        'A cycle makes two modules one: neither can be read, tested or moved alone, and the bundler ' +
        'evaluates one of them half-initialised. Break it by moving what both need one layer down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-cycles',
      comment:
        'Two folders that import each other are one folder in two places: a newcomer cannot tell which ' +
        'is the lower one (src/config.ts and src/api/, server/checks/ and server/db/ once were). Move what ' +
        'the lower one takes from the higher one down, or the module that takes it up.',
      severity: 'error',
      scope: 'folder',
      from: {},
      to: { circular: true },
    },
    {
      name: 'contract-imports-nothing',
      comment:
        'The service type-checks the contract with its own settings (Node, no DOM, no alias): it must ' +
        'stand alone, so both sides can rely on it without taking in the other. Its files import nothing, ' +
        'not even a package.',
      severity: 'error',
      from: { path: CONTRACT },
      to: { pathNot: CONTRACT },
    },
    {
      name: 'boot-stands-alone',
      comment:
        "src/boot/ is built into the inline script in every page's head (scripts/vite/loadPath.ts): what it " +
        'imports goes into that script, before the first paint. It takes only its own files and the contract.',
      severity: 'error',
      from: { path: BOOT },
      to: { pathNot: [BOOT, CONTRACT] },
    },
    {
      name: 'shared-imports-no-higher-layer',
      comment:
        'Shared code (helpers, settings, theme, catalogues) is what every layer may use; it uses only ' +
        'itself and the contract, or it could not be used by the api or i18n without a loop.',
      severity: 'error',
      from: { path: SHARED },
      to: { path: [...API_I18N, ...STORE, ...FEATURES, ...APP] },
    },
    {
      name: 'theme-imports-no-page-code',
      comment:
        'The theme is values (colours, sizes, the brand) that src/shared/ui and the features draw with; ' +
        'a theme that imports src/shared (as statusTones.ts once took an expiry type) ties the two into one knot.',
      severity: 'error',
      from: { path: '^theme/' },
      to: { path: '^src/', pathNot: CONTRACT },
    },
    {
      name: 'api-i18n-import-no-higher-layer',
      comment:
        'The api client and the languages serve every feature and the server render: they know no ' +
        'feature, no store and no app (a first version mapped errors in a feature and grew a cycle).',
      severity: 'error',
      from: { path: API_I18N },
      to: { path: [...STORE, ...FEATURES, ...APP] },
    },
    {
      name: 'store-imports-no-feature-or-app',
      comment:
        'The store knows the api slice only; each feature injects its own slice into the root reducer, ' +
        'so the typed hooks every feature uses do not depend on the features themselves.',
      severity: 'error',
      from: { path: STORE },
      to: { path: [...FEATURES, ...APP] },
    },
    {
      name: 'features-import-no-app',
      comment:
        'The app composes features and the layout; a feature that imports the app cannot be used or tested without all of it.',
      severity: 'error',
      from: { path: FEATURES },
      to: { path: APP },
    },
    {
      name: 'feature-internals-stay-inside',
      comment:
        'A feature exposes what others may use in its index.ts; the rest is its own to change without ' +
        "looking elsewhere. What only a page loaded on demand may use (the scanner's photo decoder, for the " +
        'support desk) is exposed in onDemand.ts instead: re-exported by index.ts it would be bundled into the first load.',
      severity: 'error',
      from: { path: '^src/features/([^/]+)/' },
      to: { path: '^src/features/', pathNot: ['^src/features/$1/', PUBLIC_MODULE] },
    },
    {
      name: 'app-uses-features-by-their-index',
      comment:
        'The app and the layout compose features through what each exposes, as features do. One exception: ' +
        'earlyTrace.ts is an entry of its own that runs before the bundle; through the index it would take ' +
        'the whole lookup page into that small file, so it imports the address reader alone.',
      severity: 'error',
      from: { path: [...APP, '^src/layout/', '^src/store/'], pathNot: '^src/app/earlyTrace\\.ts$' },
      to: { path: '^src/features/', pathNot: PUBLIC_MODULE },
    },
    {
      name: 'server-shares-only-the-contract',
      comment:
        'The service runs on Node with its own settings; of the page it takes only src/contract. ' +
        'It renders the page from the built bundle (dist-ssr), loaded by path at run time, not by import.',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|theme|locales|public)/', pathNot: CONTRACT },
    },
    {
      name: 'db-adapters-behind-the-factory',
      comment:
        'Only server/db/openStorage.ts picks SQLite or PostgreSQL; the service, the importer and the report ' +
        'get a port (TraceStorage, CheckStore), so a third database changes server/db/ alone.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/db/' },
      to: { path: '^server/db/[^/]+/' },
    },
    {
      name: 'server-domain-imports-only-the-contract',
      comment:
        'What a traced code and an answer are is plain data and functions: the routes, the page render, ' +
        'the upstream client and the database adapters all build on it, so it knows none of them.',
      severity: 'error',
      from: { path: '^server/domain/' },
      to: { path: '^server/', pathNot: '^server/domain/' },
    },
    {
      name: 'server-routes-and-plugins-only-in-the-app',
      comment:
        'Routes and plugins are Fastify parts the app composes; storage, import, upstream, counting and ' +
        'the HTTP helpers run without Fastify (the importer, the report, the tests) and never reach up into them.',
      severity: 'error',
      from: { path: '^server/', pathNot: [SERVER_FASTIFY, SERVER_APP] },
      to: { path: SERVER_FASTIFY },
    },
    {
      name: 'checks-import-no-db',
      comment:
        'The lookup counts declare their port (server/checks/checkStore.ts) and each database adapter ' +
        'implements it, so db/ imports checks/; a command that opens the database belongs in server/cli/ ' +
        '(the report once lived in checks/ and tied the two folders into one).',
      severity: 'error',
      from: { path: '^server/checks/' },
      to: { path: '^server/db/' },
    },
    {
      name: 'server-cli-is-a-top',
      comment:
        'A command (npm run import, npm run report:codes) is a process of its own, as main.ts is: ' +
        'importing one would run it.',
      severity: 'error',
      from: { path: '^server/', pathNot: SERVER_CLI },
      to: { path: SERVER_CLI },
    },
    {
      name: 'server-plugins-import-no-routes',
      comment: 'A plugin is what every request passes through: it cannot depend on one route.',
      severity: 'error',
      from: { path: '^server/plugins/' },
      to: { path: '^server/routes/' },
    },
    {
      name: 'server-app-is-the-top',
      comment:
        'app.ts composes the service and main.ts runs it: anything that imported them would take in the whole service.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/main\\.ts$' },
      to: { path: SERVER_APP },
    },
    {
      name: 'page-imports-no-server',
      comment: 'The page is built for the browser; the service is Node code with secrets and drivers.',
      severity: 'error',
      from: { path: '^(src|theme|locales)/' },
      to: { path: '^server/' },
    },
    {
      name: 'db-port-imports-no-import',
      comment:
        'The storage port speaks in its own row types; an import reads files into them. A port that ' +
        'imports the import code ties the lookup service to the file readers (and made a cycle).',
      severity: 'error',
      from: { path: '^server/db/' },
      to: { path: '^server/import/' },
    },
    {
      name: 'helpers-live-in-tests-support',
      comment:
        'Test helpers have one home, tests/support/ (their data: tests/fixtures/). tests/unit, integration, ' +
        'server and e2e hold test files only and tests/bench one folder per bench: a helper anywhere else ' +
        'is one a newcomer does not find (they once lay in five places).',
      severity: 'error',
      from: {
        path: ['^tests/[^/]+$', '^tests/bench/[^/]+$', '^tests/(unit|integration|server|e2e)/'],
        pathNot: '\\.(test|e2e)\\.tsx?$',
      },
      to: {},
    },
    {
      name: 'test-helpers-come-from-tests-support',
      comment:
        'A test, a helper or a check script takes what it shares from tests/support/: importing another ' +
        "test folder (scripts/size.ts once took the e2e suite's helpers, a unit test a bench's corpus " +
        'reader) ties it to files that move or go with that test.',
      severity: 'error',
      from: { path: ['^tests/(unit|integration|server|e2e|support)/', '^scripts/'] },
      to: { path: '^tests/', pathNot: '^tests/(support|fixtures)/' },
    },
    {
      name: 'bench-keeps-to-its-folder',
      comment:
        'A bench is its folder under tests/bench/ plus tests/support/: one bench can change or go without breaking another.',
      severity: 'error',
      from: { path: '^tests/bench/([^/]+)/' },
      to: { path: '^tests/', pathNot: ['^tests/bench/$1/', '^tests/(support|fixtures)/'] },
    },
    {
      name: 'product-imports-no-tests',
      comment: 'What ships (the page, the service) runs without the tests beside it.',
      severity: 'error',
      from: { path: '^(src|server|theme|locales|public)/' },
      to: { path: '^tests/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(node_modules|dist|dist-ssr|coverage)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
    progress: { type: 'none' },
  },
};
