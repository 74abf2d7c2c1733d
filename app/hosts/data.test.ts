import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { buildDay, loadHostGrid } from "./data";
import { GET } from "./grid.json/route";

// Every cell /hosts shows, and every cell of its JSON download, is a committed record's cell as
// stored: the files are read here on their own, without the loader, and compared cell by cell.

const DIR = path.join(process.cwd(), "content", "hosts");
type RawRecord = { id: string; cells: Record<string, unknown> };
const raw: RawRecord[] = readdirSync(DIR)
  .filter((n) => n.endsWith(".json"))
  .map((n) => JSON.parse(readFileSync(path.join(DIR, n), "utf8")) as RawRecord);
const rawCells = raw.flatMap((r) => Object.keys(r.cells).map((entry) => `${entry}@${r.id}`));

describe("the /hosts grid", () => {
  it("shows every committed cell once, each exactly as its record stores it", async () => {
    const grid = await loadHostGrid("2026-12-06");
    const shown = grid.requirements.flatMap((r) => r.cells);
    expect(shown.map((c) => c.anchor).sort()).toEqual([...rawCells].sort());
    const byId = new Map(raw.map((r) => [r.id, r]));
    for (const c of shown) {
      expect(c.fact, c.anchor).toEqual(byId.get(c.host)!.cells[c.entry]);
    }
    expect(grid.hosts.map((h) => h.id).sort()).toEqual(raw.map((r) => r.id).sort());
  });

  it("counts ages to the day it is given", async () => {
    const early = await loadHostGrid("2026-08-01");
    const late = await loadHostGrid("2027-06-01");
    const flagged = (g: typeof early) =>
      g.requirements
        .flatMap((r) => r.cells)
        .filter((c) => c.staleness.flags.includes("older-than-90-days")).length;
    expect(flagged(early)).toBeLessThan(flagged(late));
    expect(early.today).toBe("2026-08-01");
  });

  it("serves the same grid as JSON, for the build day", async () => {
    const body = (await (await GET()).json()) as { today: string; requirements: unknown };
    const grid = await loadHostGrid(body.today);
    expect(body.today).toBe(buildDay());
    expect(body).toEqual({ about: expect.any(String), ...JSON.parse(JSON.stringify(grid)) });
  });
});
