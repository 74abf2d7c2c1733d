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
    // The simulator is a pure protocol core: React stays out of it (see ARCHITECTURE.md).
    files: ["lib/simulator/**", "lib/rules/**", "lib/store/**", "lib/content/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [{ name: "react", message: "lib/ is framework-free; put React code under app/." }],
        },
      ],
    },
  },
];

export default config;
