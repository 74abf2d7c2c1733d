// What the server lists, as tables: its tools (visibility as sent, whether the agent sees each,
// its view) and its resources.
import { RuleRef } from "@/app/_components/rule-ref";
import { ServerText } from "@/app/_components/server-text";
import { decideVisibility, toolVisibility } from "@/lib/decide/visibility";
import type { ReviewInput } from "@/lib/review/collect";
import { wireVisibility } from "@/lib/review/wire-read";
import { keyLabel } from "./tool-sections";

/** Every tool listed: visibility as sent, whether the agent sees it (TOOL-3), its view. */
export function ToolsTable({ input }: { input: ReviewInput }) {
  const r = input.review;
  const agent = r.tools.filter(
    (t) => decideVisibility(toolVisibility(t), { kind: "model" }).allowed,
  );
  return (
    <section aria-labelledby="review-tools-h">
      <h2 id="review-tools-h">Tools ({r.tools.length})</h2>
      <p data-testid="review-agent-tools">
        The agent&apos;s tool list ({agent.length}):{" "}
        {agent.length
          ? agent.map((t, i) => (
              <span key={t.name}>
                {i ? ", " : ""}
                <ServerText text={t.name} code />
              </span>
            ))
          : "none"}
        . A tool whose <code>visibility</code> lacks <code>&quot;model&quot;</code> is left out{" "}
        <RuleRef id="TOOL-3" />.
      </p>
      {/* Focusable: at 375 px the table scrolls sideways, and keys must reach it (axe). */}
      <div className="table-scroll" role="region" aria-label="Tools listed" tabIndex={0}>
        <table data-testid="review-tools">
          <caption className="visually-hidden">Every tool the server lists</caption>
          <thead>
            <tr>
              <th scope="col">Tool</th>
              <th scope="col">Visibility</th>
              <th scope="col">Agent sees it</th>
              <th scope="col">View</th>
              <th scope="col">Named by</th>
            </tr>
          </thead>
          <tbody>
            {r.tools.map((tool) => {
              const ui = r.uiTools.find((u) => u.name === tool.name);
              const visibility = toolVisibility(tool);
              const seen = decideVisibility(visibility, { kind: "model" });
              // Shown as the server sent it: the parse drops unknown values (issue #21).
              const sent = wireVisibility(r.onWire?.tools.find((t) => t.name === tool.name));
              return (
                <tr key={tool.name} data-tool={tool.name} data-agent={seen.allowed ? "yes" : "no"}>
                  <th scope="row">
                    <ServerText text={tool.name} code />
                  </th>
                  <td>
                    {sent.kind !== "absent" ? (
                      <code>{JSON.stringify(sent.sent)}</code>
                    ) : (
                      <span className="muted">omitted</span>
                    )}
                  </td>
                  <td>{seen.allowed ? "yes" : "no"}</td>
                  <td>
                    {ui ? <code>{ui.resourceUri}</code> : <span className="muted">no view</span>}
                  </td>
                  <td>{ui ? keyLabel(ui) : ""}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Every resource listed, with its mime type. */
export function ResourcesTable({ input }: { input: ReviewInput }) {
  const resources = input.review.resources;
  return (
    <section aria-labelledby="review-resources-h">
      <h2 id="review-resources-h">Resources ({resources.length})</h2>
      {resources.length ? (
        <div className="table-scroll" role="region" aria-label="Resources listed" tabIndex={0}>
          <table data-testid="review-resources">
            <caption className="visually-hidden">Every resource the server lists</caption>
            <thead>
              <tr>
                <th scope="col">URI</th>
                <th scope="col">Name</th>
                <th scope="col">mimeType</th>
              </tr>
            </thead>
            <tbody>
              {resources.map((res) => (
                <tr key={res.uri}>
                  <th scope="row">
                    <ServerText text={res.uri} code />
                  </th>
                  <td>
                    <ServerText text={res.name} />
                  </td>
                  <td>
                    {res.mimeType ? (
                      <code>{res.mimeType}</code>
                    ) : (
                      <span className="muted">none</span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p className="muted">The server lists no resources.</p>
      )}
    </section>
  );
}
