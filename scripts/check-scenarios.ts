// Parses every preset in content/scenarios and prints one line each; exits 1 on the first error.
import { loadScenarioFiles } from "../lib/content/scenarios";

try {
  const files = await loadScenarioFiles();
  for (const { file, scenario } of files) console.log(`ok ${file} (${scenario.row})`);
  console.log(`${files.length} scenarios`);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
