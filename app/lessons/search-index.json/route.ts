import { listLessons, loadLesson } from "@/lib/content/lessons";
import { buildSearchIndex, createSearchDocuments } from "@/lib/lessons/search";

// Built once by `next build` and served as a static file; the browser loads it on first search.
export const dynamic = "force-static";

export async function GET() {
  const lessons = await Promise.all((await listLessons()).map((l) => loadLesson(l.slug)));
  const index = buildSearchIndex(createSearchDocuments(lessons));
  return new Response(JSON.stringify(index), {
    headers: { "content-type": "application/json; charset=utf-8" },
  });
}
