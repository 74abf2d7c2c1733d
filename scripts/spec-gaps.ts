// npm run spec:gaps [-- --check]
// Recomputes the requirements catalogue's coverage gaps (content/spec/*.json against the lessons,
// quiz banks, test titles, review items and spec copies) and writes content/spec/gaps.json, the
// ratchet lib/content/spec-coverage.test.ts compares with. Prints the figures and what changed.
// Refuses to write while a link is broken (fix those first). With --check it only compares.
// Exit 0 when written (or unchanged), 1 on a broken link or, with --check, on a difference.
// First: with --help it prints the usage and exits before anything else loads.
import "./usage";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import prettier from "prettier";
import { GAPS_FILE_NAME, SPEC_DIR, loadSpecCatalogue } from "../lib/content/spec";
import {
  compareGaps,
  computeCoverage,
  coverageFigures,
  formatFigures,
  formatGaps,
  type GapList,
} from "../lib/content/spec-coverage";
import { missingCopyReason, SPEC_COPIES } from "../lib/shared-dir";
import { loadSpecLinkIndex, specCopiesDir } from "../lib/content/spec-links";

const check = process.argv.includes("--check");
const [entries, index] = await Promise.all([loadSpecCatalogue(), loadSpecLinkIndex()]);
const result = computeCoverage(entries, index);
console.log(formatFigures(coverageFigures(entries, result)));
if (!specCopiesDir()) {
  console.log(`(spec line check skipped: ${missingCopyReason(SPEC_COPIES)})`);
}

const broken = Object.entries(result.broken);
if (broken.length) {
  console.error(
    `\n${broken.length} entr${broken.length === 1 ? "y has" : "ies have"} broken links:`,
  );
  for (const [id, list] of broken) {
    const file = entries.find((e) => e.id === id)!.file;
    for (const b of list) console.error(`  ${file}: entry "${id}": ${b}`);
  }
  console.error(`\n${GAPS_FILE_NAME} not written: fix the links first.`);
  process.exit(1);
}

const file = path.join(SPEC_DIR, GAPS_FILE_NAME);
const listed: GapList = existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : {};
const { added, closed } = compareGaps(listed, result.gaps);
const total = Object.values(result.gaps).reduce((n, l) => n + l.length, 0);
console.log(`\n${total} gaps in ${Object.keys(result.gaps).length} of ${entries.length} entries`);
for (const g of added) console.log(`  + ${g}`);
for (const g of closed) console.log(`  - ${g}`);
if (check) process.exit(added.length || closed.length ? 1 : 0);
// Written as Prettier would, so `npm run format:check` passes on the committed file.
const text = await prettier.format(formatGaps(result.gaps), {
  ...(await prettier.resolveConfig(file)),
  filepath: file,
});
if (!existsSync(file) || readFileSync(file, "utf8") !== text) {
  writeFileSync(file, text);
  console.log(`wrote ${path.relative(process.cwd(), file)}`);
} else console.log(`${GAPS_FILE_NAME} unchanged`);
