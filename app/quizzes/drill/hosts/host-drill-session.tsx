"use client";

import { useEffect, useMemo, useState } from "react";
import Link from "@/app/_components/link";
import { QuestionCard } from "@/app/_components/question-card";
import { RichText } from "@/app/_components/rich-text";
import { useAppStore } from "@/app/_components/store-provider";
import { drillSimulatorLink, generateDrillItem, type DrillItem } from "@/lib/drill/generator";
import type { DrillHost } from "@/lib/drill/host";
import { ShortcutList } from "../../shortcuts";
import { DRILL_SHORTCUTS, useDrillSequence } from "../use-drill-sequence";

/**
 * A drill session on one real host: generated items, each keyed by the engine with the host's
 * profile. The host and the seed come from `?host=` and `?seed=` (so a session can be replayed),
 * else the first host and a random seed; nothing renders before the seed is known.
 */
export function HostDrillSession({ hosts }: { hosts: DrillHost[] }) {
  const { itemSeed, n, answered, root, heading, next, addAnswer, redraw } =
    useDrillSequence<boolean>();
  const [hostId, setHostId] = useState(hosts[0]?.id ?? "");
  const recordHostDrill = useAppStore((s) => s.recordHostDrill);
  const hydrated = useAppStore((s) => s.hydrated);
  const host = hosts.find((h) => h.id === hostId) ?? hosts[0];

  useEffect(() => {
    const named = hosts.find(
      (h) => h.id === new URLSearchParams(window.location.search).get("host"),
    );
    // eslint-disable-next-line react-hooks/set-state-in-effect
    if (named) setHostId(named.id);
  }, [hosts]);

  const item = useMemo(() => {
    if (itemSeed === null || !host) return null;
    try {
      return generateDrillItem({ seed: itemSeed, host });
    } catch (error) {
      return error as Error;
    }
  }, [itemSeed, host]);

  return (
    <div className="widget practice" data-testid="host-drill" ref={root}>
      <form className="drill-focus" onSubmit={(e) => e.preventDefault()}>
        <label>
          Host{" "}
          <select
            value={host?.id ?? ""}
            onChange={(e) => {
              setHostId(e.target.value);
              redraw();
            }}
          >
            {hosts.map((h) => (
              <option key={h.id} value={h.id}>
                {h.name}
              </option>
            ))}
          </select>
        </label>{" "}
        {host ? (
          <span className="muted">
            <Link href={`/hosts/${host.id}`}>{host.name}&rsquo;s record</Link> ·{" "}
            <Link href={`/simulator?host=${host.id}`}>its profile in the simulator</Link>
          </span>
        ) : null}
      </form>
      <div className="practice-bar">
        <h2 ref={heading} tabIndex={-1} className="question-heading">
          Item {n + 1}
        </h2>
        <p className="muted">
          {host?.name} · {answered.filter(Boolean).length} of {answered.length} right this session
        </p>
      </div>
      {item instanceof Error ? (
        <p role="alert">No item could be drawn for this host: {item.message}</p>
      ) : item && hydrated && host ? (
        <QuestionCard
          key={`${itemSeed}-${host.id}`}
          question={item.question}
          record={async (correct) => {
            recordHostDrill(host.id, item.question.rules, correct);
            addAnswer(correct);
          }}
          afterFeedback={
            <>
              <RichText text={item.explanation} />
              <SimulatorLink item={item} hostId={host.id} />
              <button type="button" onClick={next}>
                Next item
              </button>
            </>
          }
        />
      ) : (
        <p className="muted">Drawing an item…</p>
      )}
      <ShortcutList items={DRILL_SHORTCUTS} />
    </div>
  );
}

/** The item's scenario in the simulator, with the same host chosen there. */
function SimulatorLink({ item, hostId }: { item: Pick<DrillItem, "scenario">; hostId: string }) {
  const [href, setHref] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    void drillSimulatorLink(item).then((h) => live && setHref(`${h}&host=${hostId}`));
    return () => {
      live = false;
    };
  }, [item, hostId]);
  return href ? (
    <p>
      <a href={href}>Run this scenario in the simulator, on this host</a>
    </p>
  ) : null;
}
