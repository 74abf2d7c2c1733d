/**
 * One conformance row: its keyword and party looked up in the catalogue by its id, so no probe
 * can state them itself.
 */
import { CATALOGUE, type CatalogueId } from "./catalogue";
import type { ProbeResult, Verdict } from "./types";

export const row = (
  id: CatalogueId,
  verdict: Verdict,
  evidence: string,
  rules: string[],
  extra: Pick<ProbeResult, "probe" | "needsPerson" | "unseen"> = {},
): ProbeResult => {
  const { keyword, party } = CATALOGUE[id];
  return {
    id,
    ...(extra.probe ? { probe: extra.probe } : {}),
    keyword,
    party,
    verdict,
    evidence,
    rules,
    ...(extra.needsPerson ? { needsPerson: true } : {}),
    ...(extra.unseen ? { unseen: true } : {}),
  };
};
