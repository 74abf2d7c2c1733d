import { z } from "zod";
import { ruleIdSchema } from "../rules/schema";
import { SPEC_ID } from "./spec-id";

// The requirements catalogue (issue 19): one entry per normative statement of the MCP Apps spec
// 2026-01-26 and of the 2026-07-28 core pages Apps depends on, in `content/spec/*.json`. The format
// is the one SPEC-CATALOGUE.md sets out; every object is strict, so a misspelt field fails.

const WORD = "[a-z0-9]+(?:-[a-z0-9]+)*";
const SLUG = new RegExp(`^${WORD}$`);
/** `lesson-slug#pinned-heading-id`. */
export const LESSON_REF = new RegExp(`^(${WORD})#(${WORD})$`);

/**
 * The keywords as the spec writes them. RFC 2119 also has REQUIRED, RECOMMENDED and OPTIONAL,
 * which mean MUST, SHOULD and MAY (Apps line 1522 writes `mimeTypes` as REQUIRED): recorded as
 * written, and weighed by `keywordStrength`.
 */
export const SPEC_KEYWORDS = [
  "MUST",
  "MUST NOT",
  "REQUIRED",
  "SHOULD",
  "SHOULD NOT",
  "RECOMMENDED",
  "MAY",
  "OPTIONAL",
] as const;
export type SpecKeyword = (typeof SPEC_KEYWORDS)[number];

/** What a keyword weighs: REQUIRED is a MUST, RECOMMENDED a SHOULD, OPTIONAL a MAY (RFC 2119). */
export function keywordStrength(
  k: SpecKeyword,
): "MUST" | "MUST NOT" | "SHOULD" | "SHOULD NOT" | "MAY" {
  return k === "REQUIRED" ? "MUST" : k === "RECOMMENDED" ? "SHOULD" : k === "OPTIONAL" ? "MAY" : k;
}

/** A MUST, MUST NOT or REQUIRED: an obligation whose breach is a violation. */
export const isMandatory = (k: SpecKeyword) => {
  const s = keywordStrength(k);
  return s === "MUST" || s === "MUST NOT";
};

/**
 * Who a statement binds. `supporting-side`: whichever side supports an extension the other lacks
 * (for Apps usually the server, for our host when a server lacks it); `extension-author`: the
 * authors of an extension's specification or identifier.
 */
export const SPEC_PARTIES = [
  "host",
  "sandbox-proxy",
  "view",
  "server",
  "client",
  "supporting-side",
  "extension-author",
] as const;
export type SpecParty = (typeof SPEC_PARTIES)[number];

/** The parties whose statements our own host (the simulator and the review) should obey: tested. */
export const TESTED_PARTIES: readonly SpecParty[] = [
  "host",
  "sandbox-proxy",
  "client",
  "supporting-side",
];
/** The parties the server review looks at from outside. */
const REVIEWED_PARTIES: readonly SpecParty[] = [
  "server",
  "view",
  "supporting-side",
  "extension-author",
];

/**
 * The copies in the shared folder's `reference/specs/` (file names; shared-dir.ts finds them) and
 * where each page is published, at the commit the copy was taken from, so a `#L<line>` anchor
 * lands on the same line.
 */
export const SPEC_SOURCES = {
  "apps-2026-01-26": {
    file: "apps-2026-01-26.mdx",
    title: "MCP Apps 2026-01-26",
    url: "https://github.com/modelcontextprotocol/ext-apps/blob/66695298/specification/2026-01-26/apps.mdx",
  },
  "core-versioning": {
    file: "core-2026-07-28-versioning.mdx",
    title: "MCP 2026-07-28 · Versioning",
    url: "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/b0f60ba5/docs/specification/2026-07-28/basic/versioning.mdx",
  },
  "core-basic-index": {
    file: "core-2026-07-28-basic-index.mdx",
    title: "MCP 2026-07-28 · Base protocol",
    url: "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/b0f60ba5/docs/specification/2026-07-28/basic/index.mdx",
  },
  "core-server-tools": {
    file: "core-2026-07-28-server-tools.mdx",
    title: "MCP 2026-07-28 · Tools",
    url: "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/b0f60ba5/docs/specification/2026-07-28/server/tools.mdx",
  },
  "core-changelog": {
    file: "core-2026-07-28-changelog.mdx",
    title: "MCP 2026-07-28 · Changelog",
    url: "https://github.com/modelcontextprotocol/modelcontextprotocol/blob/b0f60ba5/docs/specification/2026-07-28/changelog.mdx",
  },
} as const;
export type SpecSource = keyof typeof SPEC_SOURCES;
const SOURCE_IDS = Object.keys(SPEC_SOURCES) as [SpecSource, ...SpecSource[]];

const reason = () => z.string().trim().min(10, "say why in a sentence");

const specPlaceSchema = z.strictObject({
  source: z.enum(SOURCE_IDS),
  /** Heading path, levels joined by `›`. */
  section: z.string().trim().min(1),
  /** 1-based line of the keyword in the copy. */
  line: z.number().int().positive(),
});

/** How the statement is checked: exactly one of these keys. */
const specCheckSchema = z.union([
  z.strictObject({
    /** `<path>: <exact test title>`, path from the repo root. */
    tests: z
      .array(z.string().regex(/^[^\s:]+\.(?:test|spec)\.tsx?: \S/, "write `<path>: <exact title>`"))
      .min(1),
  }),
  z.strictObject({ review: z.array(z.string().trim().min(1)).min(1) }),
  z.strictObject({ notApplicable: reason() }),
  z.strictObject({ notCheckable: reason() }),
  z.strictObject({ none: reason() }),
]);

function noRepeats(list: readonly string[]): boolean {
  return new Set(list).size === list.length;
}

const specEntrySchema = z
  .strictObject({
    id: z.string().regex(SPEC_ID, "write `area/short-name` in lower-case hyphenated words"),
    keyword: z.enum(SPEC_KEYWORDS),
    party: z.enum(SPEC_PARTIES),
    places: z.array(specPlaceSchema).min(1, "name at least one place in the spec"),
    statement: z.string().trim().min(10),
    rules: z.array(ruleIdSchema).refine(noRepeats, "a rule is listed twice"),
    lessons: z
      .array(z.string().regex(LESSON_REF, "write `lesson-slug#heading-id`"))
      .refine(noRepeats, "a lesson section is listed twice"),
    questions: z
      .array(z.string().regex(SLUG, "must be a question id"))
      .refine(noRepeats, "a question is listed twice"),
    check: specCheckSchema,
    omitReason: reason().optional(),
  })
  .superRefine((e, ctx) => {
    // A statement with no rule yet is a coverage gap ("rule"), held by the ratchet like a missing
    // lesson; lessons or questions it links are broken links (they must cite one of its rules).
    if (
      e.omitReason !== undefined &&
      (keywordStrength(e.keyword) !== "MAY" || e.rules.length > 0)
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["omitReason"],
        message: "only a MAY entry with no rules takes an omitReason",
      });
    }
    if ("tests" in e.check && !TESTED_PARTIES.includes(e.party)) {
      ctx.addIssue({
        code: "custom",
        path: ["check", "tests"],
        message: `tests check host, sandbox-proxy, client or supporting-side statements, not ${e.party} ones; use review or notCheckable`,
      });
    }
    if (("review" in e.check || "notCheckable" in e.check) && !REVIEWED_PARTIES.includes(e.party)) {
      ctx.addIssue({
        code: "custom",
        path: ["check", Object.keys(e.check)[0]!],
        message: `review items and notCheckable are for server, view, supporting-side or extension-author statements, not ${e.party} ones`,
      });
    }
  });
export type SpecEntry = z.infer<typeof specEntrySchema>;

export const specFileSchema = z.strictObject({ entries: z.array(specEntrySchema) });

/**
 * The review items no catalogue entry's `check.review` links (issue #37): each with the reason,
 * usually that it rests on a rule of ours or a spec page with no entry rather than on one of the
 * catalogue's normative statements. Kept in `content/review-unlinked.json`, outside the catalogue's folder.
 */
export const reviewUnlinkedSchema = z.strictObject({
  items: z
    .array(
      z.strictObject({
        id: z.string().regex(SLUG, "a review item id, without the `:<tool>` suffix"),
        reason: reason(),
      }),
    )
    .refine((list) => noRepeats(list.map((i) => i.id)), "an item is listed twice"),
});
