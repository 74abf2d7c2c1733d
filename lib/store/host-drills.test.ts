import { describe, expect, it } from "vitest";
import { generateDrillItem } from "../drill/generator";
import { drillHostOf } from "../drill/host";
import { loadHostProfiles } from "../content/host-profiles";
import { loadHostRecords } from "../content/hosts";
import { examReadiness, ruleMastery, topicReadiness } from "../quiz/readiness";
import { retrievability } from "../quiz/review";
import { hostsReadiness } from "../quiz/host-readiness";
import { MemoryStorage } from "./memory-storage";
import { HOST_DRILL_RESULTS_LIMIT } from "./schema";
import { createAppStore } from "./store";

// Drills on real hosts are a topic apart (issue 33, item 4): answering them must leave the exam's
// readiness, and every exam topic's, exactly as it was.

const T0 = Date.parse("2026-12-06T12:00:00.000Z");
const TOPICS = ["NEG", "TOOL", "RES", "CSP", "PERM", "SBX", "BRG", "OUT", "AUTHZ"];
const QUESTIONS = TOPICS.flatMap((t) =>
  Array.from({ length: 6 }, (_, i) => ({ id: `${t}-${i}`, topic: t })),
);
const profiles = await loadHostProfiles(await loadHostRecords(), "2026-12-06");
const claude = drillHostOf(profiles.find((p) => p.id === "claude")!);

async function setup() {
  const clock = { now: T0 };
  const store = createAppStore({
    getStorage: () => new MemoryStorage(),
    now: () => new Date(clock.now),
  });
  await store.persist.rehydrate();
  return { store, clock };
}

function readiness(
  quiz: ReturnType<Awaited<ReturnType<typeof setup>>["store"]["getState"]>["quiz"],
  now: Date,
) {
  const topics = topicReadiness(
    TOPICS,
    {
      questions: QUESTIONS,
      answers: quiz.answers,
      cards: quiz.cards,
      ruleCards: quiz.ruleCards,
      drillResults: quiz.drillResults,
    },
    retrievability,
    now,
  );
  return {
    topics: topics.map((t) => [t.topic, t.readiness, t.sentence]),
    exam: examReadiness(topics).readiness,
  };
}

describe("drills on real hosts in the learner's progress", () => {
  it("leave exam readiness, each exam topic's readiness and mastery by rule unchanged", async () => {
    const { store, clock } = await setup();
    // Some ordinary progress first: a drilled CSP item and a drilled BRG item.
    await store.getState().recordDrill(["CSP-3"], true, "CSP");
    await store.getState().recordDrill(["BRG-5"], false, "BRG");
    clock.now += 60_000;
    const before = readiness(store.getState().quiz, new Date(clock.now));
    const masteryBefore = ruleMastery(
      store.getState().quiz.drillResults ?? {},
      store.getState().quiz.ruleCards ?? {},
    );
    for (let i = 0; i < 12; i++) {
      const item = generateDrillItem({ seed: `progress-${i}`, host: claude });
      clock.now += 1000;
      // As the host drill page records an answer.
      store.getState().recordHostDrill(claude.id, item.question.rules, i % 3 !== 0);
    }
    const after = readiness(store.getState().quiz, new Date(clock.now));
    expect(after).toEqual(before);
    expect(
      ruleMastery(store.getState().quiz.drillResults ?? {}, store.getState().quiz.ruleCards ?? {}),
    ).toEqual(masteryBefore);
    // Shown apart: the real hosts' own readiness counts them.
    const hosts = hostsReadiness(
      store.getState().quiz.hostDrillResults ?? {},
      profiles.map((p) => p.id),
    );
    expect(hosts).toMatchObject({ answered: 10, right: 7, seen: 1, size: profiles.length });
    expect(hosts.hosts.find((h) => h.host === "claude")).toMatchObject({ attempts: 12, right: 8 });
    // One host drilled of twelve caps the figure at 8 %, whatever the accuracy.
    expect(hosts.readiness).toBe(Math.floor(100 / profiles.length));
    expect(hosts.sentence).toMatch(/Not part of exam readiness/);
  });

  it("keep only the newest answers, apart from the exam's drill results, through a reload", async () => {
    const storage = new MemoryStorage();
    const clock = { now: T0 };
    const store = createAppStore({ getStorage: () => storage, now: () => new Date(clock.now) });
    await store.persist.rehydrate();
    await store.getState().recordDrill(["CSP-3"], true, "CSP");
    for (let i = 0; i < HOST_DRILL_RESULTS_LIMIT + 5; i++) {
      clock.now += 1000;
      store.getState().recordHostDrill("vscode", ["NEG-6"], true);
    }
    expect(Object.keys(store.getState().quiz.hostDrillResults!)).toHaveLength(
      HOST_DRILL_RESULTS_LIMIT,
    );
    expect(Object.keys(store.getState().quiz.drillResults!)).toHaveLength(1);
    expect(store.getState().quiz.ruleCards!["NEG-6"]).toBeUndefined();
    const reloaded = createAppStore({ getStorage: () => storage, now: () => new Date(clock.now) });
    await reloaded.persist.rehydrate();
    expect(reloaded.getState().quiz.hostDrillResults).toEqual(
      store.getState().quiz.hostDrillResults,
    );
  });
});
