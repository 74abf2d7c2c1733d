import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FrameSizer } from "./frame-sizer";

/** A frame whose border box is 2 px wider than the viewport it gives its document (1 px borders). */
function borderedFrame(viewport: number) {
  const style: Record<string, string> = {};
  return {
    style,
    clientWidth: viewport,
    getBoundingClientRect: () => ({ width: viewport + 2 }),
  } as unknown as HTMLIFrameElement & { style: Record<string, string> };
}

describe("FrameSizer (BRG-7)", () => {
  beforeEach(() => {
    vi.stubGlobal("requestAnimationFrame", (cb: FrameRequestCallback) => {
      cb(0);
      return 1;
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("leaves the width alone when a bordered frame's view reports the viewport it already has", () => {
    // The view measures window.innerWidth: the frame's content box, not its border box. Pinning
    // that number as the frame's width would shrink the frame by its borders on every report.
    const iframe = borderedFrame(440);
    const sizer = new FrameSizer(iframe, { followWidth: true, held: false });
    sizer.report({ width: 440, height: 500 });
    expect(iframe.style.width).toBeUndefined();
    expect(iframe.style.height).toBe("500px");
  });

  it("follows a width the view asks for that differs from its viewport", () => {
    const iframe = borderedFrame(440);
    new FrameSizer(iframe, { followWidth: true, held: false }).report({ width: 220 });
    expect(iframe.style.width).toBe("220px");
  });
});
