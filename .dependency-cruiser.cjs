// The house's layers, held by dependency-cruiser (`npm run deps:check`, part of `npm test`).
// ARCHITECTURE.md draws the same layers from the graph (`npm run deps:graph`).
//
// From the bottom up (each may import only the layers below it):
//   base      lib/rules, lib/decide, lib/paths and the single files lib/*.ts: pure rules,
//             decisions and vocabulary, no I/O;
//   host      lib/host: one host with two sides, the client (connect, era, wire, stdio, relay,
//             probes) and the view (lib/host/view: session, proxy, bridge guard, consent, trace);
//   users     lib/simulator, lib/review, lib/conformance: side by side on the host, none imports
//             another (the app hands the conformance server to the simulator);
//   learning  lib/content (loaders), then lib/lessons, lib/quiz, then lib/store and lib/drill;
//   top       app/, scripts/, e2e/, proxy.ts: pages, commands and browser tests.
// Type-only imports count: a loop through types is still a name in the wrong file.
// Tests: a test under the base or the host may import nothing above them. Elsewhere a test may
// import what its code may, and besides only the modules TESTS_CROSS names, each for its reason
// (an integration test joining two peers, or content a test runs).

const BASE_RE = `^lib/(rules|decide|paths)/|^lib/[^/]+\\.ts$`;

/** `from` may import nothing under lib/ but what `allowed` matches. */
function only(name, from, allowed, comment) {
  return {
    name,
    comment,
    severity: "error",
    from: { path: from, pathNot: "\\.test\\.tsx?$" },
    to: { path: "^lib/", pathNot: allowed },
  };
}

/**
 * Where a test may cross its layer: [the tests under, what their code may import, the modules
 * named for tests besides]. Each named module carries its reason; a test that imports anything
 * else across its layer fails "tests-cross-only-where-named".
 */
const TESTS_CROSS = [
  [
    "^lib/simulator/",
    `^lib/(simulator|host)/|${BASE_RE}`,
    [
      // The presets (content/scenarios) and the real hosts' records and profiles are content,
      // read by lib/content; the simulator's tests run every preset and every profile.
      "^lib/content/(scenarios|hosts|host-profiles)\\.ts$",
    ],
  ],
  [
    "^lib/review/",
    `^lib/(review|host)/|${BASE_RE}`,
    [
      // A review test reviews a simulated server (the simulator's runner and server factory).
      "^lib/simulator/(run|scenario|server)\\.ts$",
      // The catalogue's links name the report's item ids; the test holds the two together.
      "^lib/content/spec-links\\.ts$",
      // "Works in" is predicted for the real hosts' profiles, which are content: its tests run
      // the shipped ones, as the review page and `--hosts` load them.
      "^lib/content/host-profiles\\.ts$",
    ],
  ],
  [
    "^lib/conformance/",
    `^lib/(conformance|host)/|${BASE_RE}`,
    [
      // SimHost and the headless runner with the conformance server handed in (the join the
      // app makes at run time).
      "^lib/simulator/(host|run|scenario|tool-call-flow)\\.ts$",
      // The requirements catalogue and the conformance preset are content.
      "^lib/content/(spec|spec-links|scenarios)\\.ts$",
    ],
  ],
  [
    "^lib/content/",
    `^lib/(content|simulator|host)/|${BASE_RE}`,
    [
      // The grading test checks that an ordering question never starts solved, which is how
      // lib/quiz presents it (lib/quiz/presentation.test.ts checks the same for any seed).
      "^lib/quiz/presentation\\.ts$",
    ],
  ],
  ["^lib/lessons/", `^lib/(lessons|content|simulator|host)/|${BASE_RE}`, []],
  ["^lib/quiz/", `^lib/(quiz|content|simulator|host)/|${BASE_RE}`, []],
  [
    "^lib/store/",
    `^lib/(store|quiz|content|simulator|host)/|${BASE_RE}`,
    [
      // An exam holds generated drill items and the store rates them as drills: the test resolves
      // them as the exam page does.
      "^lib/drill/exam-items\\.ts$",
      // Drills on real hosts are kept apart from exam readiness: the test answers generated host
      // items as the host drill page does and checks that no exam figure moves.
      "^lib/drill/(host|generator)\\.ts$",
    ],
  ],
  ["^lib/drill/", `^lib/(drill|quiz|content|simulator|host)/|${BASE_RE}`, []],
];

module.exports = {
  forbidden: [
    {
      name: "no-circular",
      comment: "No import loops anywhere, type-only imports included.",
      severity: "error",
      from: {},
      to: { circular: true },
    },
    {
      name: "no-orphans",
      comment: "Every module is used by something (tests, configs and entry points aside).",
      severity: "error",
      from: {
        orphan: true,
        pathNot: [
          "\\.(test|spec)\\.tsx?$",
          "\\.d\\.ts$",
          "(^|/)(next|vitest|playwright)\\.config\\.ts$",
          "^next-env\\.d\\.ts$",
          "^proxy\\.ts$",
          "^scripts/",
          "^app/.*(page|layout|route|not-found|error|loading|opengraph-image|icon|sitemap|robots|manifest)\\.tsx?$",
          "^lib/.*/fixtures/",
          "^lib/review/corpus/",
          // Reached by path, not by import: next.config.ts aliases zod's locales to this shim,
          // and scripts/view-documents.ts bundles the demo view from its file.
          "^lib/vendor-shims/zod-locales\\.ts$",
          "^lib/simulator/views/demo-view\\.ts$",
          "^e2e/",
          "\\.mjs$",
        ],
      },
      to: {},
    },
    only(
      "base-stays-at-the-bottom",
      BASE_RE,
      BASE_RE,
      "lib/rules, lib/decide, lib/paths and lib/*.ts are the pure base: they import no other lib folder.",
    ),
    only(
      "host-on-base",
      "^lib/host/",
      `^lib/host/|${BASE_RE}`,
      "lib/host (both sides) stands on the base only: never on the simulator, the review or the conformance kit.",
    ),
    only(
      "simulator-on-host",
      "^lib/simulator/",
      `^lib/(simulator|host)/|${BASE_RE}`,
      "lib/simulator stands on lib/host; it does not import the review or the conformance kit (the app hands it the conformance server as the scenario's main server).",
    ),
    only(
      "review-on-host",
      "^lib/review/",
      `^lib/(review|host)/|${BASE_RE}`,
      "lib/review stands on lib/host; it does not import the simulator or the conformance kit.",
    ),
    only(
      "conformance-on-host",
      "^lib/conformance/",
      `^lib/(conformance|host)/|${BASE_RE}`,
      "lib/conformance stands on lib/host; it does not import the simulator or the review.",
    ),
    only(
      "content-on-simulator",
      "^lib/content/",
      `^lib/(content|simulator|host)/|${BASE_RE}`,
      "lib/content loads lessons, banks, scenarios and the catalogue; it imports no learning layer above it.",
    ),
    only(
      "lessons-and-quiz-on-content",
      "^lib/(lessons|quiz)/",
      `^lib/(lessons|quiz|content|simulator|host)/|${BASE_RE}`,
      "lib/lessons and lib/quiz stand on lib/content; neither imports the store or the drills.",
    ),
    {
      name: "lessons-and-quiz-apart",
      comment: "lib/lessons and lib/quiz stand side by side.",
      severity: "error",
      from: { path: "^lib/lessons/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^lib/quiz/" },
    },
    {
      name: "quiz-and-lessons-apart",
      comment: "lib/quiz and lib/lessons stand side by side.",
      severity: "error",
      from: { path: "^lib/quiz/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^lib/lessons/" },
    },
    only(
      "store-and-drill-on-quiz",
      "^lib/(store|drill)/",
      `^lib/(store|drill|quiz|content|simulator|host)/|${BASE_RE}`,
      "lib/store and lib/drill stand on lib/quiz and below; they import nothing above.",
    ),
    {
      name: "store-and-drill-apart",
      comment: "lib/store and lib/drill stand side by side.",
      severity: "error",
      from: { path: "^lib/(store|drill)/", pathNot: "\\.test\\.tsx?$" },
      to: { path: "^lib/(store|drill)/", pathNot: "$1" },
    },
    ...TESTS_CROSS.map(([under, allowed, named]) => ({
      name: "tests-cross-only-where-named",
      comment: `A test under ${under} imports what its code may, and besides only what .dependency-cruiser.cjs names for it with a reason (TESTS_CROSS).`,
      severity: "error",
      from: { path: `${under}.*\\.test\\.tsx?$` },
      to: { path: "^lib/", pathNot: [allowed, ...named] },
    })),
    {
      name: "oracle-stands-apart",
      comment:
        "The drills' second oracle (lib/drill/oracle) is written from the rules text and reads only what a learner sees: it imports nothing from the engine it checks (lib/decide), the generator (lib/drill) or the simulator, so a fault cannot hide in a helper both share. Tests included.",
      severity: "error",
      from: { path: "^lib/drill/oracle/" },
      to: { path: "^lib/(decide|drill|simulator)/", pathNot: "^lib/drill/oracle/" },
    },
    {
      name: "oracle-for-tests-only",
      comment:
        "Only tests use the drills' second oracle: no page, script or module decides with it.",
      severity: "error",
      // oracle-words.ts is the oracle tests' shared support (the oracle's answer in the items'
      // words); it decides nothing, and only those tests import it.
      from: { pathNot: ["\\.test\\.tsx?$", "^lib/drill/oracle/", "^lib/drill/oracle-words\\.ts$"] },
      to: { path: "^lib/drill/oracle/" },
    },
    {
      name: "oracle-words-for-tests-only",
      comment: "The oracle tests' support module is imported by tests alone, like the oracle.",
      severity: "error",
      from: { pathNot: "\\.test\\.tsx?$" },
      to: { path: "^lib/drill/oracle-words\\.ts$" },
    },
    {
      name: "lib-has-no-react",
      comment: "lib/ is framework-free: put React code under app/.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^node_modules/(react|react-dom|next)/" },
    },
    {
      name: "lib-never-imports-the-top",
      comment: "lib/ is framework-free and never imports pages, scripts or browser tests.",
      severity: "error",
      from: { path: "^lib/" },
      to: { path: "^(app|scripts|e2e)/" },
    },
    {
      name: "tests-follow-the-layers",
      comment:
        "A test under a lower layer may not import a higher one (lib/host tests use no review, simulator or conformance code).",
      severity: "error",
      from: { path: `^lib/host/.*\\.test\\.tsx?$|^(${BASE_RE}).*\\.test\\.tsx?$` },
      to: { path: "^lib/(simulator|review|conformance|content|lessons|quiz|store|drill)/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(\\.next|test-results|playwright-report)/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
      extensions: [".ts", ".tsx", ".js", ".mjs", ".cjs", ".json"],
    },
    reporterOptions: {
      text: { highlightFocused: true },
    },
  },
};
