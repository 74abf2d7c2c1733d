import type { Metadata } from "next";
import { RuleRef } from "../_components/rule-ref";

export const metadata: Metadata = { title: "Simulator" };

const ROWS = [
  {
    row: "negotiation",
    check: "Both sides declared the extension on this request",
    rules: ["NEG-2", "NEG-3", "NEG-4"],
  },
  {
    row: "visibility",
    check: "The tool's visibility includes the caller",
    rules: ["TOOL-2", "TOOL-3", "TOOL-4", "TOOL-5"],
  },
  {
    row: "mime",
    check: "The content item's mimeType is exactly text/html;profile=mcp-app",
    rules: ["RES-2"],
  },
  {
    row: "csp",
    check: "Every declared domain is inside host policy",
    rules: ["CSP-3", "CSP-4", "CSP-5"],
  },
  {
    row: "permissions",
    check: "Requested permissions: grant the allowed subset",
    rules: ["PERM-2", "PERM-3"],
  },
  { row: "app-call", check: "A view's tool call has visibility and consent", rules: ["BRG-5"] },
] as const;

export default function SimulatorPage() {
  return (
    <>
      <h1>Simulator</h1>
      <p>
        The simulator runs a real MCP server, host, sandbox proxy and view in your browser and walks
        the host&apos;s decision table below, message by message. It is being built: until it lands,
        here is the table it will play out.
      </p>
      <div className="table-scroll">
        <table>
          <thead>
            <tr>
              <th scope="col">Row</th>
              <th scope="col">Check</th>
              <th scope="col">Rules</th>
            </tr>
          </thead>
          <tbody>
            {ROWS.map((r) => (
              <tr key={r.row}>
                <th scope="row">
                  <code>{r.row}</code>
                </th>
                <td>{r.check}</td>
                <td>
                  {r.rules.map((id) => (
                    <span key={id}>
                      <RuleRef id={id} />{" "}
                    </span>
                  ))}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <p className="muted">
        Beneath every row of a web host, the view runs only inside a sandbox proxy on a different
        origin <RuleRef id="SBX-2" />.
      </p>
    </>
  );
}
