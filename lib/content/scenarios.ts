import fs from "node:fs/promises";
import path from "node:path";
import { ContentError } from "./errors";
import { parseScenario, ScenarioError, type Scenario } from "../simulator/scenario";

const SCENARIOS_DIR = path.join(process.cwd(), "content", "scenarios");

export interface ScenarioFile {
  file: string;
  scenario: Scenario & { expect: NonNullable<Scenario["expect"]> };
}

/** Every preset in `content/scenarios/`, sorted by id. Each must carry an `expect` block. */
export async function loadScenarioFiles(dir = SCENARIOS_DIR): Promise<ScenarioFile[]> {
  const names = (await fs.readdir(/* turbopackIgnore: true */ dir))
    .filter((n) => n.endsWith(".json"))
    .sort();
  return Promise.all(
    names.map(async (n) => {
      const abs = path.join(/* turbopackIgnore: true */ dir, n);
      const file = path.relative(process.cwd(), abs).split(path.sep).join("/");
      let scenario: Scenario;
      try {
        scenario = parseScenario(await fs.readFile(abs, "utf8"), file);
      } catch (error) {
        if (error instanceof ScenarioError) throw new ContentError(file, error.field, error.detail);
        throw error;
      }
      if (scenario.id !== path.basename(n, ".json")) {
        throw new ContentError(file, "id", `"${scenario.id}" must equal the file name`);
      }
      if (!scenario.expect)
        throw new ContentError(file, "expect", "a preset needs a hand-written expect block");
      return { file, scenario: scenario as ScenarioFile["scenario"] };
    }),
  );
}
