import { visibleText } from "../host/visible-text";

/**
 * What a view's `ui/open-link` URL really opens, for the confirmation a person answers. A URL
 * may carry user info before an `@` that reads like a site (`https://accounts.example.com@evil.example/`
 * opens evil.example), and the host shows the host name as the browser will resolve it
 * (international names in their ASCII form), so the person judges the real destination.
 */
export interface LinkDestination {
  /** The URL as text, hidden characters marked (see visibleText). */
  shown: string;
  /** The URL split for display; `userinfo` parts are the ones to highlight. */
  parts: { text: string; kind: "scheme" | "userinfo" | "host" | "rest" }[];
  /** The host name the browser will contact (ASCII), or null when the URL is not http(s). */
  host: string | null;
  /** Plain sentences for what deserves a second look; empty when nothing does. */
  warnings: string[];
}

export function linkDestination(url: string): LinkDestination {
  const shown = visibleText(url);
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return {
      shown,
      parts: [{ text: shown, kind: "rest" }],
      host: null,
      warnings: ["This is not a valid URL."],
    };
  }
  const warnings: string[] = [];
  const web = parsed.protocol === "http:" || parsed.protocol === "https:";
  if (!web) warnings.push(`This is not a web link: it uses ${parsed.protocol.replace(/:$/, "")}.`);
  const at = shown.indexOf("@", shown.indexOf("//") + 2);
  const authorityEnd = (() => {
    const start = shown.indexOf("//") + 2;
    const ends = ["/", "?", "#"].map((c) => shown.indexOf(c, start)).filter((i) => i >= 0);
    return ends.length ? Math.min(...ends) : shown.length;
  })();
  const parts: LinkDestination["parts"] = [];
  if (web && (parsed.username || parsed.password) && at > 0 && at < authorityEnd) {
    const start = shown.indexOf("//") + 2;
    parts.push({ text: shown.slice(0, start), kind: "scheme" });
    parts.push({ text: shown.slice(start, at + 1), kind: "userinfo" });
    parts.push({ text: shown.slice(at + 1, authorityEnd), kind: "host" });
    parts.push({ text: shown.slice(authorityEnd), kind: "rest" });
    warnings.push(
      `The text before "@" (${visibleText(decodeURIComponent(parsed.username))}${parsed.password ? ":…" : ""}) is a user name, not the site: this link opens ${parsed.hostname}.`,
    );
  } else if (web) {
    const start = shown.indexOf("//") + 2;
    parts.push({ text: shown.slice(0, start), kind: "scheme" });
    parts.push({ text: shown.slice(start, authorityEnd), kind: "host" });
    parts.push({ text: shown.slice(authorityEnd), kind: "rest" });
  } else parts.push({ text: shown, kind: "rest" });
  if (web && parsed.hostname.split(".").some((label) => label.startsWith("xn--")))
    warnings.push(
      `The site's name is international; the browser contacts it as ${parsed.hostname}.`,
    );
  if (shown !== url) warnings.push("The link holds hidden characters, marked ⟨U+…⟩ above.");
  return { shown, parts, host: web ? parsed.hostname : null, warnings };
}
