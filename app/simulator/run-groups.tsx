import { Group, type GroupProps } from "./form-fields";

// The fields of what happens in the run: the consent answer and the action.

/** The "Consent" controls. */
export function ConsentGroup({ scenario: s, update }: GroupProps) {
  return (
    <Group title="Consent">
      {(["allow", "deny", "ask"] as const).map((c) => (
        <label key={c}>
          <input
            type="radio"
            name="sim-consent"
            checked={s.consent === c}
            onChange={() => update((x) => ({ ...x, consent: c }))}
          />{" "}
          {c}
        </label>
      ))}
    </Group>
  );
}

/** The "Action" controls. */
export function ActionGroup({ scenario: s, update }: GroupProps) {
  const toolNames = [s.uiTool.name, ...s.otherTools.map((t) => t.name)];
  return (
    <Group title="Action">
      <label>
        <input
          type="radio"
          name="sim-action"
          checked={s.action.kind === "agent-calls-tool"}
          onChange={() => update((x) => ({ ...x, action: { kind: "agent-calls-tool" } }))}
        />{" "}
        The agent calls the UI tool
      </label>
      <label>
        <input
          type="radio"
          name="sim-action"
          checked={s.action.kind === "view-calls-tool"}
          onChange={() =>
            update((x) => ({
              ...x,
              action: {
                kind: "view-calls-tool",
                tool: x.otherTools[0]?.name ?? x.uiTool.name,
                arguments: {},
              },
            }))
          }
        />{" "}
        …then the view calls a tool:
      </label>
      {s.action.kind === "view-calls-tool" ? (
        <label>
          Tool{" "}
          <input
            value={s.action.tool}
            list="sim-tool-names"
            onChange={(e) =>
              update((x) => ({
                ...x,
                action: { kind: "view-calls-tool", tool: e.target.value, arguments: {} },
              }))
            }
          />
          <datalist id="sim-tool-names">
            {toolNames.map((n) => (
              <option key={n} value={n} />
            ))}
          </datalist>
        </label>
      ) : null}
      <label>
        Signed-in user{" "}
        <input
          value={s.user}
          onChange={(e) =>
            update((x) => ({
              ...x,
              user: e.target.value.toLowerCase().replace(/[^a-z]/g, "") || "alice",
            }))
          }
        />
      </label>
    </Group>
  );
}
