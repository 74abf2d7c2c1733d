// The rule groups on their own, without the rules' text: pages in the browser that only name
// topics (quizzes, practice, the exam) import this, so they do not ship every rule (see the
// first-load budgets, issue 23). lib/rules re-exports it with the rest.

/**
 * The rule groups. `name` is the heading of the rules reference; `topic` is what a learner sees
 * everywhere, /rules included (issue #35: one name per topic): the title of the lesson that
 * teaches the group, so a topic and its lesson read the same (vocabulary.test.ts holds it).
 */
export const RULE_GROUPS = [
  { id: "NEG", name: "Negotiation", topic: "Two protocol eras" },
  { id: "TOOL", name: "Tool linkage and visibility", topic: "Who may call a tool" },
  { id: "RES", name: "Resource delivery", topic: "Linking a tool to its view" },
  { id: "CSP", name: "Content security policy", topic: "Content security policy" },
  { id: "PERM", name: "Permissions", topic: "Permissions" },
  { id: "SBX", name: "Rendering and the sandbox proxy", topic: "The sandbox proxy" },
  { id: "BRG", name: "The app–host bridge", topic: "The app–host bridge" },
  { id: "OUT", name: "Result channels and fallback", topic: "Result channels and annotations" },
  { id: "AUTHZ", name: "Server-side authorization of views", topic: "Server-side authorization" },
] as const;

export type RuleGroupId = (typeof RULE_GROUPS)[number]["id"];
