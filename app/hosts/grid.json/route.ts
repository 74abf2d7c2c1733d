import { buildDay, loadHostGrid } from "../data";

// The /hosts grid as JSON, built once by `next build` from the committed records (the same
// function the page renders), so the download can never drift from the page or be edited by hand.
export const dynamic = "force-static";

export async function GET() {
  const grid = await loadHostGrid(buildDay());
  const body = {
    about:
      "MCP Apps Academy's host grid: host-directed requirements of the catalogue × host records. Built from content/hosts/*.json; each cell's fact is the record's cell as stored.",
    ...grid,
  };
  return new Response(`${JSON.stringify(body, null, 2)}\n`, {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
