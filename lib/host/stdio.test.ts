import { describe, expect, it } from "vitest";
import { splitCommand } from "./stdio";

describe("splitCommand", () => {
  it("splits on white space and keeps quoted words whole, without a shell", () => {
    expect(splitCommand(`node "my server.js" --stdio`)).toEqual([
      "node",
      "my server.js",
      "--stdio",
    ]);
    expect(splitCommand(`npx -y 'a b' c\\ d ""`)).toEqual(["npx", "-y", "a b", "c d", ""]);
    expect(splitCommand(`echo $HOME; rm x`)).toEqual(["echo", "$HOME;", "rm", "x"]);
  });

  it("refuses an unclosed quote", () => {
    expect(() => splitCommand(`node "oops`)).toThrow(/unclosed "/);
  });
});
