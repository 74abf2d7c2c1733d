import type { Question } from "../content/quiz-schema";
import type { Decision } from "../decide";
import { decideDisplayMode, type DisplayMode } from "../decide/display-mode";
import { REFERENCE_BEHAVIOURS, type HostBehaviours } from "../decide/host-profile";
import { shuffle, type Rng } from "../quiz/random";
import { previewDecision } from "../simulator/preview";
import type { Scenario } from "../simulator/scenario";
import { decidingFields, profileExplanation, profileShown, type DrillHost } from "./host";
import { stemFor, type Shown } from "./shown";
import { drawWorkingScenario } from "./space";

// Drills on real hosts that turn on display modes (issue 33): a rendered view asks for fullscreen
// or pip, and the item asks what this host does. Host-only: the reference drills, and so the
// exam's generated items, never draw one. The engine keys it (`decideDisplayMode` with the
// host's offered modes and its answer to an undeclared mode); every item states the profile and
// the policy line as the host's other items do.

/** What a host does with a view's `ui/request-display-mode` (BRG-6): four answers, one true. */
export const MODE_TEXT = {
  switched:
    "Switches to the mode asked for, which both the host and the view list, and answers with it",
  "switched-undeclared":
    "Switches to the mode asked for though the view never declared it (BRG-6 broken), and answers with it",
  "not-offered": "Stays inline and answers inline: the host does not offer the mode asked for",
  "not-declared":
    "Stays inline and answers inline: the host offers the mode asked for, but the view did not declare it",
} as const;
type ModeAnswer = keyof typeof MODE_TEXT;

/** Why each answer is wrong where it is, in words that hold whatever the key. */
const MODE_WHY_NOT: Record<ModeAnswer, string> = {
  switched:
    "Not here: a host switches only to a mode it offers and, since this view declared its modes, one of those (BRG-6).",
  "switched-undeclared":
    "Not here: only a host whose profile switches to an undeclared mode anyway does that, and only when it offers the mode and the view did not declare it (a BRG-6 violation).",
  "not-offered":
    "Not here: that is the answer when the mode is missing from the host's offered modes (its availableDisplayModes), which the profile lists.",
  "not-declared":
    "Not here: that is the answer of a host that offers the mode and keeps to BRG-6 when the view's declared list lacks it.",
};

/** The view's side of the item: the modes it declared, and the one it asks for. */
export interface ModeRequest {
  requested: Exclude<DisplayMode, "inline">;
  /** The view's `appCapabilities.availableDisplayModes` in `ui/initialize` (always declared here). */
  viewModes: DisplayMode[];
}

/**
 * The engine's answer for `r` on a host with behaviours `b`: whether it switched, read off
 * `decideDisplayMode`; when it did not, whether the host offers the mode tells the two refusals
 * apart, as the decision's reason does.
 */
export function modeAnswer(r: ModeRequest, b: HostBehaviours): ModeAnswer {
  const d = decideDisplayMode(
    {
      requested: r.requested,
      current: "inline",
      hostModes: b.displayModes,
      viewModes: r.viewModes,
    },
    b.undeclaredMode,
  );
  if (d.switched) return r.viewModes.includes(r.requested) ? "switched" : "switched-undeclared";
  return (b.displayModes as readonly string[]).includes(r.requested)
    ? "not-declared"
    : "not-offered";
}

/** The item's kind, apart from the reference drills' kinds. */
export const MODE_KIND = "display-mode";

/** The view's display modes and request, as the learner is shown them. */
function requestShown(r: ModeRequest): Shown {
  return {
    label: "The view (rendered inline): its ui/initialize and its request",
    json: JSON.stringify(
      {
        "appCapabilities.availableDisplayModes": r.viewModes,
        "hostContext.displayMode": "inline",
        request: { method: "ui/request-display-mode", params: { mode: r.requested } },
      },
      null,
      2,
    ),
  };
}

const DECLARED: DisplayMode[][] = [
  ["inline"],
  ["inline", "fullscreen"],
  ["inline", "pip"],
  ["inline", "fullscreen", "pip"],
];

export interface HostModeItem {
  seed: string;
  kind: typeof MODE_KIND;
  cause: string;
  directive?: undefined;
  question: Extract<Question, { type: "single" }>;
  key: string;
  meanings: Record<string, string>;
  ask: string;
  shown: Shown[];
  /** The scenario whose view is up (the agent's call rendered it on this host). */
  scenario: Scenario;
  decision: Decision;
  request: ModeRequest;
  explanation: string;
  host: {
    id: string;
    name: string;
    referenceKey: string;
    decides: boolean;
    fields: string[];
  };
}

/**
 * A display-mode item on `host`, or undefined when no drawn scenario renders there (a host that
 * reaches none of the drawn servers). `id` names the item as the generator names its others.
 */
export function hostModeItem(
  seed: string,
  id: string,
  host: DrillHost,
  rng: Rng,
): HostModeItem | undefined {
  const b = host.behaviours;
  for (let attempt = 0; attempt < 20; attempt++) {
    const scenario = drawWorkingScenario(rng, `drill-${MODE_KIND}-${id}`);
    const decision = previewDecision(scenario, b);
    if (decision.outcome !== "rendered") continue;
    const request: ModeRequest = {
      requested: rng() < 0.5 ? "fullscreen" : "pip",
      viewModes: [...DECLARED[Math.floor(rng() * DECLARED.length)]!],
    };
    const answer = modeAnswer(request, b);
    const keyUnder = (x: HostBehaviours) => MODE_TEXT[modeAnswer(request, x)];
    const key = MODE_TEXT[answer];
    const referenceKey = keyUnder(REFERENCE_BEHAVIOURS);
    const d = decideDisplayMode(
      {
        requested: request.requested,
        current: "inline",
        hostModes: b.displayModes,
        viewModes: request.viewModes,
      },
      b.undeclaredMode,
    );
    const ask = `The agent called \`${scenario.uiTool.name}\` and its view is up, inline. The view asks the host for ${request.requested}, as shown. What does the host do?`;
    const shown = [profileShown(host), requestShown(request)];
    const options = shuffle(Object.keys(MODE_TEXT) as ModeAnswer[], rng).map((a, i) => ({
      id: `o${i + 1}`,
      text: MODE_TEXT[a],
      explanation:
        a === answer
          ? `Right: ${d.reason} (BRG-6).`
          : MODE_TEXT[a] === referenceKey
            ? `That is what the reference host, which does what the spec asks, would do here; ${host.name}'s profile makes it otherwise (see the explanation).`
            : MODE_WHY_NOT[a],
      answer: a,
    }));
    const fields = decidingFields(b, keyUnder);
    return {
      seed,
      kind: MODE_KIND,
      cause: `${MODE_KIND}:${request.requested}:${request.viewModes.includes(request.requested) ? "declared" : "undeclared"}`,
      question: {
        id: `drill-${id}`,
        type: "single",
        topic: "BRG",
        difficulty: "hard",
        rules: ["BRG-6"],
        stem: stemFor(ask, shown, host),
        options: options.map(({ id, text, explanation }) => ({ id, text, explanation })),
        answer: options.find((o) => o.answer === answer)!.id,
      },
      key,
      meanings: Object.fromEntries(options.map((o) => [o.id, o.text])),
      ask,
      shown,
      scenario,
      decision,
      request,
      explanation: [
        `**The display mode (BRG-6):** ${d.reason}. The host answers with the resulting mode, ${d.mode}; a view must handle an answer that differs from its request.`,
        profileExplanation(host, referenceKey, key, fields),
      ].join("\n\n"),
      host: {
        id: host.id,
        name: host.name,
        referenceKey,
        decides: referenceKey !== key,
        fields,
      },
    };
  }
  return undefined;
}
