/** The metadata matrix's own rows, checked against the specs (issue #19's independent reading). */
import { describe, expect, it } from "vitest";
import { LOCATION_INFO, loadMatrix } from "./matrix";

describe("the metadata matrix's rows", () => {
  it("puts ttlMs and cacheScope on the resources/read result, not on the resource or a content item (RES-5)", async () => {
    const fields = await loadMatrix();
    for (const name of ["ttlMs", "cacheScope"]) {
      const f = fields.find((x) => x.field === name)!;
      expect(f.location, name).toBe("read-result");
    }
    expect(LOCATION_INFO["read-result"].detail).toMatch(/beside.*contents/);
    // The resource location no longer claims the caching hints.
    expect(LOCATION_INFO.resource.detail).not.toMatch(/caching|RES-5/);
  });

  it("links the microphone and geolocation rows to the section that teaches them", async () => {
    const fields = await loadMatrix();
    for (const name of ["microphone", "geolocation"]) {
      const f = fields.find((x) => x.field === `_meta.ui.permissions.${name}`)!;
      expect(`${f.lesson}#${f.section}`, name).toBe("permissions#microphone-and-location");
    }
  });

  it("describes a result's _meta as data kept out of model context, not as data for the view (OUT-3)", async () => {
    const fields = await loadMatrix();
    const meta = fields.find((x) => x.location === "tool-result" && x.field === "_meta")!;
    expect(meta.meaning).not.toMatch(/for the view/i);
    expect(meta.meaning).toMatch(/not (meant|intended) for the model/i);
  });
});
