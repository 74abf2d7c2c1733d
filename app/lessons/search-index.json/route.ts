import { buildSearchIndex } from "@/lib/lessons/search";
import { loadSearchDocuments } from "@/lib/lessons/search-sources";

// Built once by `next build` and served as a static file; the browser loads it when the search
// opens.
export const dynamic = "force-static";

export async function GET() {
  const index = buildSearchIndex(await loadSearchDocuments());
  return new Response(JSON.stringify(index), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
