import { describe, expect, it } from "vitest";
import { hasHiddenCharacters, visibleText } from "./visible-text";

describe("visibleText", () => {
  it("shows a right-to-left override in a tool name instead of letting it disguise the name", () => {
    const spoof = "\u202Enoitca_ylno_ppa";
    expect(visibleText(spoof)).toBe("⟨U+202E⟩noitca_ylno_ppa");
    expect(hasHiddenCharacters(spoof)).toBe(true);
  });

  it("marks isolates, marks, zero-width characters, controls, the BOM and tag characters", () => {
    expect(visibleText("a\u2066b\u2069c\u200Fd\u200Be\u0007f\uFEFFg")).toBe(
      "a⟨U+2066⟩b⟨U+2069⟩c⟨U+200F⟩d⟨U+200B⟩e⟨U+0007⟩f⟨U+FEFF⟩g",
    );
    expect(visibleText("x\u{E0041}y")).toBe("x⟨U+E0041⟩y");
    expect(visibleText("line\nbreak")).toBe("line⟨U+000A⟩break");
  });

  it("leaves ordinary text, accents and other scripts untouched", () => {
    for (const s of ["get-time", "admin.tools.list", "Café ☕", "天気予報", "مرحبا"]) {
      expect(visibleText(s)).toBe(s);
      expect(hasHiddenCharacters(s)).toBe(false);
    }
  });
});
