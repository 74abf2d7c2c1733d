import { buildHostGrid, type HostGrid } from "@/lib/content/host-grid";
import { checkHostRecords, loadHostRecords } from "@/lib/content/hosts";
import { loadSpecCatalogue } from "@/lib/content/spec";

/**
 * The day ages are counted to: the day the page is built (`/hosts` is static, so this runs in
 * `next build`). Tests pass their own day to `loadHostGrid` instead.
 */
export function buildDay(now = new Date()): string {
  return now.toISOString().slice(0, 10);
}

/**
 * Everything `/hosts`, its host pages and `/hosts/grid.json` show: the committed records in
 * `content/hosts/`, checked against the catalogue (a cell on an unknown or non-host entry fails
 * the build, naming its file), built into the grid for `today`.
 */
export async function loadHostGrid(today: string): Promise<HostGrid> {
  const [records, catalogue] = await Promise.all([loadHostRecords(), loadSpecCatalogue()]);
  checkHostRecords(records, catalogue);
  return buildHostGrid(records, catalogue, today);
}
