import nextVitals from "eslint-config-next/core-web-vitals";
import nextTs from "eslint-config-next/typescript";

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
];

// The layers (lib/ free of React, no loops, no import up a layer) are held by dependency-cruiser:
// .dependency-cruiser.cjs, run by `npm run deps:check`.

export default config;
