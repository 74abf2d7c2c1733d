import { describe, expect, it } from "vitest";
import { MDX_COMPONENT_NAMES } from "@/lib/content/component-names";
import { mdxComponents } from "./mdx-registry";

// The lesson compiler (lib/content) refuses tags it does not know; the registry is what renders
// them. The test lives beside the registry, the higher of the two layers.
describe("the MDX component registry", () => {
  it("uses a registry whose keys are exactly the names the compiler accepts", () => {
    expect(Object.keys(mdxComponents).sort()).toEqual([...MDX_COMPONENT_NAMES].sort());
  });
});
