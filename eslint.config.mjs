import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

const NO_REACT = { name: "react", message: "lib/ is framework-free; put React code under app/." };

const config = [
  ...nextVitals,
  ...nextTs,
  {
    ignores: [
      ".next/**",
      ".next-*/**",
      "node_modules/**",
      "next-env.d.ts",
      "test-results/**",
      "playwright-report/**",
    ],
  },
  {
    // Links go through app/_components/link.tsx, which prefetches on hover and focus instead of
    // every link in view (a lesson page fetched ~48 route payloads on load).
    files: ["app/**"],
    ignores: ["app/_components/link.tsx"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "next/link", message: 'Import Link from "@/app/_components/link" instead.' },
          ],
        },
      ],
    },
  },
  {
    // Specs take test and expect from e2e/fixtures.ts, whose shared per-worker context is what
    // keeps the suite inside its time budget (and clears what each test leaves behind).
    files: ["e2e/**/*.spec.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "@playwright/test",
              importNames: ["test", "expect"],
              message: 'Import test and expect from "./fixtures".',
            },
          ],
        },
      ],
    },
  },
  {
    // lib/ is framework-free: the protocol core, the host and the review hold no React (see
    // ARCHITECTURE.md).
    files: ["lib/**"],
    rules: {
      "no-restricted-imports": ["error", { paths: [NO_REACT] }],
    },
  },
  {
    // The host and the decisions are used by the simulator and the review alike, so they never
    // reach into either.
    files: ["lib/host/**", "lib/decide/**"],
    ignores: ["**/*.test.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [NO_REACT],
          patterns: [
            {
              group: ["**/simulator", "**/simulator/**", "**/review", "**/review/**"],
              message:
                "lib/host and lib/decide are shared layers: they must not import lib/simulator or lib/review.",
            },
          ],
        },
      ],
    },
  },
];

export default config;
