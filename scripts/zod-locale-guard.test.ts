import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { chunksWithLocales, LOCALE_MARKER } from "./zod-locale-guard";

describe("chunksWithLocales", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "locale-guard-"));
  const locale = path.join(dir, "de.js");
  writeFileSync(locale, `x = "${LOCALE_MARKER}: erwartet"`);
  const chunks = path.join(dir, "chunks");
  mkdirSync(path.join(chunks, "sub"), { recursive: true });
  writeFileSync(path.join(chunks, "a.js"), "console.log('Invalid input')");

  it("passes a build whose chunks carry no foreign locale", () => {
    expect(chunksWithLocales(chunks, locale)).toEqual({ chunks: [] });
  });

  it("names each chunk that carries one, in subfolders too", () => {
    writeFileSync(path.join(chunks, "sub", "b.js"), `m="${LOCALE_MARKER}"`);
    expect(chunksWithLocales(chunks, locale).chunks).toEqual(["sub/b.js"]);
  });

  it("says so when the marker left zod's locale, instead of passing", () => {
    const r = chunksWithLocales(chunks, locale, "Nicht mehr da");
    expect(r.error).toMatch(/no longer contains "Nicht mehr da"/);
  });

  it("its marker is still in zod's German locale", () => {
    expect(chunksWithLocales(chunks, "node_modules/zod/v4/locales/de.js").error).toBeUndefined();
  });
});
