import type { Metadata } from "next";
import { listLessons, loadLesson } from "@/lib/content/lessons";
import { loadMatrix } from "@/lib/lessons/matrix";
import { MatrixExplorer, type MatrixRow } from "./matrix-explorer";
import { WhereDoesItGo } from "./where-does-it-go";
import "../../lessons/lessons.css";

export const metadata: Metadata = {
  title: "Metadata matrix",
  description:
    "The fields of MCP Apps UI metadata, and the core caching hints on a view's read: where each goes, how settled it is, and the lesson and rules behind it.",
};

export default async function MetadataMatrixPage() {
  const fields = await loadMatrix();
  const lessons = await listLessons();
  // Each field links to a lesson section; resolve titles here and fail the build on a dead link.
  const headingText = new Map<string, string>();
  for (const slug of new Set(fields.map((f) => f.lesson))) {
    const lesson = await loadLesson(slug);
    for (const h of lesson.headings) headingText.set(`${slug}#${h.id}`, h.text);
  }
  const rows: MatrixRow[] = fields.map((f) => {
    const section = headingText.get(`${f.lesson}#${f.section}`);
    const lesson = lessons.find((l) => l.slug === f.lesson);
    if (!lesson || !section) {
      throw new Error(
        `content/matrix/fields.json: ${f.id} links to a missing ${f.lesson}#${f.section}`,
      );
    }
    return { ...f, lessonTitle: lesson.title, sectionTitle: section };
  });
  return (
    <>
      <h1>Metadata matrix</h1>
      <p className="muted">
        Every field an MCP App server writes for its view, where it goes, and the lesson section and
        rules that explain it: the 18 fields of the metadata matrix in our sources, plus the two
        caching hints (<code>ttlMs</code>, <code>cacheScope</code>) that MCP 2026-07-28 requires on
        every read. Filter by location or search by name, meaning or rule ID.
      </p>
      <MatrixExplorer rows={rows} />
      <h2 id="where-does-it-go">Where does this field go?</h2>
      <WhereDoesItGo
        fields={rows.map(({ id, field, location, rules, lessonTitle, lesson, section }) => ({
          id,
          field,
          location,
          rules,
          lessonTitle,
          lesson,
          section,
        }))}
      />
    </>
  );
}
