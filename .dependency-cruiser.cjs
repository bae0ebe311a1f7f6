/**
 * The module boundaries (DESIGN section 3), checked in `npm test` by
 * `npm run deps`. Business modules (functions/modules/<module>/) are entered
 * only through their index.ts; platform and integrations import no module;
 * only store/ folders reach DynamoDB; web features import no other
 * feature's internals; and nothing imports in a circle.
 *
 * The modules are layered, bottom to top; a module imports only modules below
 * it (rule module-layers), so the module graph is a tree and the index.ts
 * barrels make no circle:
 *
 *   audit          who did what: Actor, auditWrite, actorOf (every staff write)
 *   messages       the SMS we owe and deliver
 *   ledger         the game ledger's lines and the money counters (beside every money movement)
 *   staff          admins, partners, announcers, sign-in, sessions, credentials
 *   catalog        promotions, predictions, assignments and their window seeds
 *   games          house games: prizes, schedules, settings, entry targets and options
 *   players        a number as a player: exclusions, limits, its day's spend
 *   draw-records   one record per closed draw, the prizes awaiting payout
 *   payouts        balances and their ledgers, payouts, transfers, prize payouts
 *   entries        from a player's submit to the ticket: payment, settlement, late payments
 *   draws          closing windows, house and threshold draws, clears, house settings
 *   support        the support desk: a player's story, its actions, complaints, CSV exports
 *   notifications  what admins are told about the modules below
 *   reports        gross gaming revenue, the daily report and its seal, tax analytics
 *   dashboards     the staff dashboards' figures
 *   live           topics, WebSocket connections and their fan-out
 *   ussd           the USSD menu
 *
 * Above them, functions/lambdas/ composes each Lambda; where a lower module's
 * screen shows a higher module's data, the Lambda passes the read in (as the
 * staff partner screens' PayeeReads in functions/lambdas/admin.ts).
 */
const DYNAMODB_SDK = '(^|/)node_modules/@aws-sdk/(client-dynamodb|lib-dynamodb|util-dynamodb)/';
const MODULE_ENTRY = '^functions/modules/[^/]+/index\\.ts$';
/** The layers above, bottom to top (modules on one line do not import each other). */
const LAYERS = [
  ['audit'],
  ['messages'],
  ['ledger'],
  ['staff'],
  ['catalog'],
  ['games'],
  ['players'],
  ['draw-records'],
  ['payouts'],
  ['entries'],
  ['draws'],
  ['support'],
  ['notifications'],
  ['reports'],
  ['dashboards'],
  ['live'],
  ['ussd'],
];
/**
 * The only test files that reach the storage directly (rule tests-through-the-api), each because storage is its
 * subject or its one job.
 */
const STORAGE_TESTS = [
  // the one fixture module for states the API cannot reach (time passed, an item edited behind the product's back)
  '^test/support/stored-state\\.ts$',
  // platform/dynamo.ts's paging and batch reads, over items of its own
  '^test/integration/dynamo-reads\\.test\\.ts$',
  // the storage layout: ledger lines under LEDGER#<userId>, so IAM can deny changing them by partition key
  '^test/integration/ledger-partition\\.test\\.ts$',
  // counts the DynamoDB requests an admin list makes (one index query, no read per user)
  '^test/integration/balance-index\\.test\\.ts$',
  // platform/store/rate-limits.ts: its buckets and concurrent takes
  '^test/integration/prompt-limits\\.test\\.ts$',
];
const modulesIn = (layers) => `^functions/modules/(${layers.flat().join('|')})/`;

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A circle of imports: one side should receive what it needs as an argument, or the two belong together.',
      from: {},
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
    {
      name: 'module-through-its-index',
      severity: 'error',
      comment: "A business module is entered only through its index.ts: another module's files are its own business.",
      from: { path: '^functions/modules/([^/]+)/' },
      to: { path: '^functions/modules/[^/]+/', pathNot: ['^functions/modules/$1/', MODULE_ENTRY] },
    },
    {
      name: 'lambda-through-module-index',
      severity: 'error',
      comment: 'A Lambda is composed from the modules’ index.ts only.',
      from: { path: '^functions/lambdas/' },
      to: { path: '^functions/modules/[^/]+/', pathNot: MODULE_ENTRY },
    },
    ...LAYERS.map((layer, index) => ({
      name: 'module-layers',
      severity: 'error',
      comment:
        "A module imports only modules below it (the layers in this file's header): one that needs a higher module gets it passed in by its Lambda, or the code belongs higher.",
      from: { path: modulesIn([layer]) },
      to: { path: modulesIn(LAYERS.slice(index)), pathNot: `^functions/modules/$1/` },
    })),
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment: 'platform/ is what every module stands on: it cannot know any of them.',
      from: { path: '^functions/platform/' },
      to: { path: '^functions/(modules|lambdas|integrations)/' },
    },
    {
      name: 'integrations-import-no-module',
      severity: 'error',
      comment: 'An adapter speaks its provider and its port, never a business module.',
      from: { path: '^functions/integrations/' },
      to: { path: '^functions/(modules|lambdas)/' },
    },
    {
      name: 'dynamodb-only-in-stores',
      severity: 'error',
      comment:
        'DynamoDB is reached only through store/ folders (and platform/dynamo.ts): every read and write is a named operation.',
      from: {
        path: '^(functions|shared|web/src)/',
        pathNot: ['^functions/(modules/[^/]+|integrations/[^/]+|platform)/store/', '^functions/platform/dynamo\\.ts$'],
      },
      to: { path: DYNAMODB_SDK },
    },
    {
      name: 'stores-refuse-in-domain-words',
      severity: 'error',
      comment:
        'A store raises a Refusal (platform/refusal.ts), never an HTTP error: only HTTP adapters choose a status.',
      from: { path: '/store/' },
      to: { path: '^functions/platform/errors\\.ts$' },
    },
    {
      name: 'use-cases-refuse-in-domain-words',
      severity: 'error',
      comment:
        "A use case or provider adapter raises a Refusal (platform/refusal.ts) with a kind in the domain's words, never an HTTP error: only the HTTP adapters (*-http.ts, http.ts) and the HTTP app choose a status and text.",
      from: {
        path: '^functions/(modules|integrations)/',
        pathNot: '(-|/)http\\.ts$',
      },
      to: { path: '^functions/platform/errors\\.ts$' },
    },
    {
      name: 'web-feature-through-its-index',
      severity: 'error',
      comment:
        "A web feature imports no other feature's internals: only its index.ts, or the screens.ts the admin portal's registry lists.",
      from: { path: '^web/src/features/([^/]+)/' },
      to: {
        path: '^web/src/features/[^/]+/',
        pathNot: ['^web/src/features/$1/', '^web/src/features/[^/]+/(index|screens)\\.tsx?$'],
      },
    },
    {
      name: 'simulators-from-the-documents',
      severity: 'error',
      comment:
        "A simulator is written from the provider's documents (infra/local/provider-docs/), never from our adapter: a misreading would pass both.",
      from: { path: '^infra/local/([^/]*simulator[^/]*|sim-[^/]*|momo-sim-[^/]*|simulated-outcomes|provider-docs/)' },
      to: { path: '^functions/' },
    },
    {
      name: 'tests-through-the-api',
      severity: 'error',
      comment:
        "Integration and browser tests (and their shared fixtures) drive the API and the modules' index.ts, never a module's files, its store or DynamoDB: a change of storage must not break a test that cares about behaviour. State the API cannot reach is built in test/support/ through a module's index.ts.",
      from: { path: '^test/(integration|e2e|support)/', pathNot: STORAGE_TESTS },
      to: {
        path: ['^functions/modules/[^/]+/', '^functions/platform/(dynamo|store/)', DYNAMODB_SDK],
        pathNot: MODULE_ENTRY,
      },
    },
    {
      name: 'sides-stay-apart',
      severity: 'error',
      comment: 'The web never imports the functions, nor the functions the web; shared/ imports neither.',
      from: { path: '^(web/src|shared)/' },
      to: { path: '^(functions|infra)/' },
    },
    {
      name: 'functions-not-web',
      severity: 'error',
      from: { path: '^(functions|shared)/' },
      to: { path: '^web/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(\\.build|dist|cdk\\.out)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
