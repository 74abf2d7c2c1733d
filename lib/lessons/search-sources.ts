import { listLessons, loadLesson } from "../content/lessons";
import { RULES, RULE_GROUPS } from "../rules";
import { LOCATION_INFO, loadMatrix } from "./matrix";
import { createSearchDocuments, type SearchDocument } from "./search";

/**
 * Everything the course search indexes, read from the content at build time (server only): each
 * lesson's sections, every rule of lib/rules, and every field of the metadata matrix.
 */
export async function loadSearchDocuments(): Promise<SearchDocument[]> {
  const [lessons, fields] = await Promise.all([
    listLessons().then((list) => Promise.all(list.map((l) => loadLesson(l.slug)))),
    loadMatrix(),
  ]);
  const groupName = new Map<string, string>(RULE_GROUPS.map((g) => [g.id, g.name]));
  return createSearchDocuments(
    lessons,
    RULES.map((r) => ({
      id: r.id,
      title: r.title,
      statement: r.statement,
      groupName: groupName.get(r.group) ?? r.group,
    })),
    fields.map((f) => ({ ...f, locationLabel: LOCATION_INFO[f.location].label })),
  );
}
