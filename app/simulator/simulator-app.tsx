"use client";

import type { RuleInfo } from "@/lib/rules/info";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { ROWS } from "@/lib/simulator/constants";
import {
  behavioursOf,
  REFERENCE_BEHAVIOURS,
  type HostBehaviours,
  type HostProfile,
} from "@/lib/decide/host-profile";
import { previewDecision } from "@/lib/simulator/preview";
import { REFERENCE_HOST } from "@/lib/simulator/share-host";
import type { Scenario } from "@/lib/simulator/scenario";
import { resolvePorts } from "@/lib/simulator/scenario-core";
import { isEdited, scenarioCaption } from "@/lib/simulator/caption";
import { useAppStore } from "../_components/store-provider";
import { useConsentPrompt } from "../_components/consent-prompt";
import { installAutomationHook } from "./automation-hook";
import type { RunTag } from "./panels";
import { Prediction, type Predictions } from "./prediction";
import { VerdictSummary } from "./verdict-summary";
import { ScenarioEditor } from "./json-editor";
import {
  hostDetail,
  loadedScenarioModule,
  loadOwnProfile,
  usePreloadedScenarioModule,
} from "./lazy-modules";
import type { OwnHost } from "./own-profile";
import { HostSelect } from "./host-select";
import { RunStatus } from "./run-outcome";
import {
  HostConsentDialog,
  MorePanels,
  RunResults,
  SequencePanel,
  TableSection,
  ViewPanel,
} from "./run-panels";
import { PresetList, PresetNote, presetGroups, SimToolbar } from "./sim-toolbar";
import {
  defaultPreset,
  initialHost,
  initialScenario,
  presetIdFor,
  useAddressSync,
  useProfileLink,
  useSharedLink,
} from "./use-scenario-link";
import { usePageTheme } from "./use-page-theme";
import { useRunScheduler } from "./use-run-scheduler";
import { useViewRun, type Status } from "./use-view-run";
import { AreaTabs, useAreaJump, useWide, Workbench, type Area } from "./workbench";
import "./simulator.css";

interface Props {
  presets: Scenario[];
  /** Rule ID → slug of the first lesson that teaches it. */
  ruleInfo: RuleInfo;
  /** The hosts to choose from, the reference first (issue 33), resolved by the server. */
  profiles: HostProfile[];
}

/** The simulator page: edit a scenario, see the table at once, and watch the real run. */
export function SimulatorApp({ presets, ruleInfo, profiles }: Props) {
  const params = useSearchParams();
  const pathname = usePathname();
  const [start] = useState(() => initialScenario(presets, new URLSearchParams(params.toString())));
  const fallback = defaultPreset(presets);
  const [scenario, setScenario] = useState<Scenario>(start.scenario);
  const [presetId, setPresetId] = useState(start.presetId);
  const [startHost] = useState(() => initialHost(profiles.map((p) => p.id)));
  const [hostId, setHostId] = useState(startHost.hostId);
  const [linkMessage, setLinkMessage] = useState<string | null>(start.message ?? startHost.message);
  // A profile of one's own (issue 33), from a file or a link: a host like any other once loaded.
  const [own, setOwn] = useState<OwnHost | null>(null);
  const [ownError, setOwnError] = useState("");
  const hosts = useMemo(() => (own ? [...profiles, own.profile] : profiles), [profiles, own]);
  // The server sends the reference first.
  const profile = hosts.find((p) => p.id === hostId) ?? profiles[0]!;
  const ownChosen = own !== null && hostId === own.profile.id;
  // The reference's own object, so the preview is today's exactly (no profile applied at all).
  const behaviours: HostBehaviours = useMemo(
    () => (profile.id === REFERENCE_HOST ? REFERENCE_BEHAVIOURS : behavioursOf(profile)),
    [profile],
  );
  /** The chosen host, as the next run reads it. */
  const hostRef = useRef({ id: hostId, behaviours });
  // BRG-5: the host's ConsentQueue asks one question at a time; the page shows it.
  const consent = useConsentPrompt();
  const [predicting, setPredicting] = useState(false);
  const [predictions, setPredictions] = useState<Predictions>({ rows: {}, outcome: undefined });
  // Bumped when the scenario is replaced from outside the form, so the form re-reads it.
  const [formKey, setFormKey] = useState(0);
  // Wide: the four areas on one screen; narrow: one at a time, chosen with the tab bar.
  const wide = useWide();
  const [area, setArea] = useState<Area>("controls");
  const jump = useAreaJump(wide, setArea);
  const recordAnswer = useAppStore((s) => s.recordAnswer);
  /** The scenario as the learner last changed it, ahead of React's render of it. */
  const latestRef = useRef<Scenario>(start.scenario);
  // The page's theme: when it changes, the live view is sent the new host context (no new run).
  const theme = usePageTheme();
  const {
    run,
    runFor,
    runHost,
    runN,
    status,
    runCount,
    error,
    trace,
    graded,
    setGraded,
    container,
    execute,
  } = useViewRun({
    recordAnswer,
    askPerson: consent.ask,
    answerPerson: consent.answer,
    theme,
    host: hostRef,
  });
  const linkPending = useSharedLink(
    start.legacyLink,
    (s) => {
      // Its run starts once the link is read (useRunScheduler).
      latestRef.current = s;
      setScenario(s);
      setPresetId(presetIdFor(presets, s, fallback));
      setFormKey((k) => k + 1);
    },
    setLinkMessage,
  );
  const profilePending = useProfileLink(
    startHost.profileLink,
    (loaded) => {
      // Its run starts once the profile is read (useRunScheduler), in this host.
      setOwn(loaded);
      applyHost(loaded.profile);
    },
    // The scenario's own message, if any, stays: each part of the link says what became of it.
    (message) => setLinkMessage((m) => (m ? `${m} ${message}` : message)),
  );
  const schedule = useRunScheduler({
    execute,
    latestRef,
    setScenario,
    held: predicting || linkPending || profilePending || theme === null,
  });
  const { changeScenario, markChange, runNow } = schedule;

  const preview = useMemo(() => instantPreview(scenario, behaviours), [scenario, behaviours]);
  const fresh = run !== null && runFor === scenario && runHost === hostId;
  // The real run's table once it matches the scenario; until then the instant preview.
  const decision = fresh && run.decision ? run.decision : preview;
  const tag: RunTag | null =
    run && runFor
      ? { n: runN, title: scenarioCaption(runFor, presets), stale: runFor !== scenario }
      : null;
  // A grading belongs to the run it graded: once the scenario changes it no longer applies.
  const gradedNow = graded && fresh ? graded : null;
  // While predicting, no result is shown until the prediction is graded.
  const hideResults = predicting && !gradedNow;

  usePreloadedScenarioModule();
  const presetNow = presets.find((p) => p.id === presetId);
  const edited = useMemo(() => isEdited(scenario, presetNow), [presetNow, scenario]);
  useAddressSync(
    scenario,
    presetNow,
    edited,
    pathname,
    linkPending || profilePending,
    hostId,
    ownChosen ? own.link : undefined,
  );

  // A host other than the reference: each row's departure from it, from the detail chunk.
  const conformance = scenario.resource.view === "conformance";
  const detail = hostDetail.useLoaded(hostId !== REFERENCE_HOST || conformance);
  const d = detail.status === "ready" ? detail.module : undefined;
  const departures = useMemo(
    () =>
      d && hostId !== REFERENCE_HOST ? d.hostDepartures(resolvedHere(scenario), profile) : null,
    [d, hostId, scenario, profile],
  );
  /** Makes `next` the host the next run and the table decide with. */
  function applyHost(next: HostProfile) {
    hostRef.current = {
      id: next.id,
      behaviours: next.id === REFERENCE_HOST ? REFERENCE_BEHAVIOURS : behavioursOf(next),
    };
    setHostId(next.id);
  }
  const runInHost = (next: HostProfile) => {
    applyHost(next);
    setLinkMessage(null);
    // The same scenario in the new host: its run starts now (unless runs are held: predicting,
    // or a link still being read).
    markChange("now");
    changeScenario(latestRef.current);
  };
  const chooseHost = (id: string) => {
    const next = hosts.find((p) => p.id === id);
    if (next) runInHost(next);
  };
  /** A profile file of one's own: read and checked by the server, then chosen as the host. */
  const loadOwnFile = async (file: File) => {
    setOwnError("");
    const loaded = await loadOwnProfile().then(
      (m) => m.loadOwnProfileFile(file),
      () => ({ ok: false as const, error: "the page could not load the part that reads it" }),
    );
    if (!loaded.ok) {
      setOwnError(loaded.error);
      return;
    }
    setOwn(loaded.own);
    runInHost(loaded.own.profile);
  };

  const update = useCallback(
    (fn: (s: Scenario) => Scenario) => {
      const next = fn(latestRef.current);
      const parsed = loadedScenarioModule()?.scenarioSchema.safeParse(next);
      changeScenario(parsed?.success ? parsed.data : next);
    },
    [changeScenario],
  );
  const replaceScenario = useCallback(
    (s: Scenario) => {
      markChange("now");
      setFormKey((k) => k + 1);
      changeScenario(s);
    },
    [changeScenario, markChange],
  );
  useEffect(
    () => installAutomationHook(presets, () => container.current, replaceScenario),
    [presets, replaceScenario, container],
  );
  const choosePreset = (id: string) => {
    const p = presets.find((x) => x.id === id);
    if (!p) return;
    setPresetId(id);
    setLinkMessage(null);
    replaceScenario(p);
  };

  const predictionComplete =
    ROWS.every((row) => predictions.rows[row] !== undefined) && predictions.outcome !== undefined;
  const groups = presetGroups(presets);
  const outcome = fresh ? run.outcome : undefined;

  const runProps = { run, runFor, tag, hidden: hideResults, ruleInfo };
  return (
    <div className="simulator">
      {linkMessage ? (
        <p role="alert" className="notice" data-testid="link-message">
          {linkMessage}
        </p>
      ) : null}
      <VerdictSummary
        decision={decision}
        outcome={outcome ?? decision.outcome}
        confirmed={fresh}
        hidden={hideResults}
        running={status === "running"}
        onJump={jump}
      />
      <div className="sim-bar">
        <SimToolbar
          groups={groups}
          presetId={presetId}
          onPreset={choosePreset}
          runLabel={runLabel(predicting, status)}
          runDisabled={status === "running" || (predicting && !predictionComplete)}
          // A run waiting for a typing pause is this run.
          onRun={() => runNow(predicting ? predictions : undefined)}
          onReset={() => presetNow && replaceScenario(presetNow)}
          scenario={scenario}
          pathname={pathname}
          hostId={hostId}
          profileLink={ownChosen ? own.link : undefined}
          hostSelect={
            <HostSelect
              profiles={profiles}
              own={own?.profile}
              ownError={ownError}
              hostId={hostId}
              onHost={chooseHost}
              onOwnFile={(file) => void loadOwnFile(file)}
            />
          }
        />
        <RunStatus {...{ status, runCount, run, error }} hidden={hideResults} />
      </div>
      {!wide ? <AreaTabs selected={area} onSelect={setArea} /> : null}
      <Workbench
        wide={wide}
        selected={area}
        controls={
          <div {...schedule.fieldHandlers}>
            <PresetNote preset={presetNow} edited={edited} predicting={hideResults} />
            <PresetList
              groups={groups}
              count={presets.length}
              presetId={presetId}
              onPreset={choosePreset}
              predicting={hideResults}
            />
            <Prediction
              enabled={predicting}
              onToggle={(on) => {
                setPredicting(on);
                setGraded(null);
              }}
              predictions={predictions}
              onChange={setPredictions}
              graded={gradedNow}
              complete={predictionComplete}
              decision={run?.decision}
              outcome={run?.outcome}
            />
            <ScenarioEditor
              formKey={formKey}
              scenario={scenario}
              update={update}
              onApplyJson={(s) => {
                // The textarea's change marked this as typing: its run waits for a pause.
                markChange("pause");
                changeScenario(s);
              }}
              onBlurApplied={() => setFormKey((k) => k + 1)}
            />
          </div>
        }
        table={
          <>
            <TableSection
              decision={decision}
              pending={status === "running"}
              hidden={hideResults}
              ruleInfo={ruleInfo}
              hostName={hostId === REFERENCE_HOST ? undefined : profile.name}
              ownHost={ownChosen}
              rowNote={
                d && departures
                  ? (row) => (
                      <d.DepartureNote
                        departure={departures.departures.find((x) => x.row === row)}
                        unknown={departures.unknown[row]}
                        hostName={profile.name}
                        ruleInfo={ruleInfo}
                      />
                    )
                  : undefined
              }
            >
              {d && departures ? (
                <d.HostBehaviourPanel
                  departures={departures}
                  profile={profile}
                  profiles={hosts}
                  ruleInfo={ruleInfo}
                />
              ) : null}
              {d && conformance ? <d.MeasuredRowPanel profile={profile} /> : null}
            </TableSection>
            <RunResults {...runProps} />
          </>
        }
        view={<ViewPanel {...runProps} container={container} />}
        sequence={
          <SequencePanel
            trace={trace}
            tag={tag}
            runCount={runCount}
            title={scenarioCaption(scenario, presets)}
            hidden={hideResults}
            ruleInfo={ruleInfo}
          />
        }
        more={<MorePanels {...runProps} />}
      />

      <HostConsentDialog request={consent.request} onAnswer={consent.answer} ruleInfo={ruleInfo} />
    </div>
  );
}

/** The Run button's words. */
const runLabel = (predicting: boolean, status: Status) =>
  predicting ? "Run and grade my prediction" : status === "running" ? "Running…" : "Run again";

/** The scenario with this page's port in it, as the run will see it. */
const resolvedHere = (scenario: Scenario) =>
  resolvePorts(scenario, typeof window === "undefined" ? "3000" : window.location.port || "80");

/** The table as the rules give it for the scenario in the chosen host, before (and while) it runs. */
const instantPreview = (scenario: Scenario, behaviours: HostBehaviours) =>
  previewDecision(resolvedHere(scenario), behaviours);
