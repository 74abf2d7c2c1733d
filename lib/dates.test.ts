import { readFileSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { isoDate, isoDateTime, isoTime } from "./dates";

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return filesUnder(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe("dates as YYYY-MM-DD (#35 item 6)", () => {
  it("formats a local date and time with zero padding", () => {
    const at = new Date(2026, 0, 5, 9, 7, 3);
    expect(isoDate(at)).toBe("2026-01-05");
    expect(isoTime(at)).toBe("09:07");
    expect(isoTime(at, true)).toBe("09:07:03");
    expect(isoDateTime(at.getTime())).toBe("2026-01-05 09:07");
  });

  it("leaves no locale date or time formatting in the app (12/6/2026 reads as 12 June to many)", () => {
    const offenders = filesUnder("app").flatMap((file) =>
      readFileSync(file, "utf8")
        .split("\n")
        .flatMap((line, i) =>
          /toLocaleDateString|toLocaleTimeString|\)\.toLocaleString\(\)/.test(line)
            ? [`${file}:${i + 1}`]
            : [],
        ),
    );
    expect(offenders).toEqual([]);
  });
});
