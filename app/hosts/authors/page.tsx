import type { Metadata } from "next";
import Link from "@/app/_components/link";
import "../hosts.css";

export const metadata: Metadata = {
  title: "Run the kit in your host · Real hosts",
  description:
    "For host authors: run MCP Apps Academy's conformance server in your host in three commands, read its report, and use its exit status in CI.",
};

/** For host authors: the conformance kit in three commands, how to read its rows, exit status. */
export default function HostAuthorsPage() {
  return (
    <>
      <p className="hosts-back">
        <Link href="/hosts">← Real hosts</Link>
      </p>
      <h1>Run the kit in your host</h1>
      <p className="hosts-intro">
        The conformance kit is a real MCP App server whose view tests the host that renders it: one
        verdict per host and sandbox-proxy requirement of <Link href="/spec">the catalogue</Link>.
        It is how the measured columns of <Link href="/hosts">the hosts grid</Link> were made.
      </p>

      <h2 id="three-commands">In three commands</h2>
      <p className="hosts-intro">In a checkout of this repository (Node 20.9 or later):</p>
      <ol className="hosts-steps">
        <li>
          <code>npm install</code>
        </li>
        <li>
          <code>npm run conformance-server -- --http 3101</code>: serves{" "}
          <code>http://127.0.0.1:3101/mcp</code> (Streamable HTTP, with CORS for hosts that run in a
          browser). A host that starts its servers itself uses{" "}
          <code>npm run conformance-server -- --stdio</code> as the command instead.
        </li>
        <li>
          Add that server to your host and have it call the tool <code>conformance_run</code>. Its
          view appears and tests the host it is in.
        </li>
      </ol>
      <p className="hosts-intro">
        The view fetches from two small listeners on 127.0.0.1 to test the CSP, one declared and one
        not, so the browser that renders your host must run on the same machine. Each report is
        printed on the server&apos;s stderr as JSON and as a Markdown table, and kept as the
        resource <code>conformance://report/latest</code>. Adding{" "}
        <code>--negative-control csp</code> gives a second tool,{" "}
        <code>conformance_run_csp_control</code>, whose CSP rows must FAIL on any host: it shows the
        probes can fail.
      </p>

      <h2 id="reading-a-row">How to read a row</h2>
      <dl className="hosts-legend">
        <dt>Probe</dt>
        <dd>
          The catalogue id of the requirement, such as <code>security/csp-block-undeclared</code>;
          look it up on <Link href="/spec">/spec</Link> for the statement, its keyword and where the
          spec says it. &ldquo;(operator)&rdquo; marks a row that waits for you, such as the button
          that asks the host to open a link.
        </dd>
        <dt>Verdict</dt>
        <dd>
          PASS or FAIL from what the view and the server saw. NOT OBSERVABLE when a document inside
          the sandbox cannot see the behaviour (what the model is shown, or a teardown sent after
          the frame is gone): check those rows by hand.
        </dd>
        <dt>Keyword and party</dt>
        <dd>
          The requirement&apos;s MUST, MUST NOT, SHOULD or MAY, and whether it binds the host or its
          sandbox proxy, both taken from the catalogue, never from the view.
        </dd>
        <dt>Rules</dt>
        <dd>
          The <Link href="/rules">rule IDs</Link> the verdict rests on.
        </dd>
        <dt>Evidence</dt>
        <dd>
          What was seen: the messages and their order around <code>initialized</code>, the fetches
          the CSP let through or blocked, the calls that reached the server.
        </dd>
      </dl>
      <p className="hosts-intro">
        A FAIL is a spec violation only on a MUST or MUST NOT; on a SHOULD or a MAY it is a
        variation the spec allows, and a NOT OBSERVABLE row is never counted as failed. The hosts
        grid says which for every cell.
      </p>

      <h2 id="exit-status">In CI: one run, a file and an exit status</h2>
      <p className="hosts-intro">
        With <code>--once</code> the server ends after the first complete report, and{" "}
        <code>--out &lt;file&gt;</code> writes that report to the file as JSON. Its exit status then
        says what happened:
      </p>
      <table className="hosts-exit" data-testid="exit-status">
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Meaning</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>0</td>
            <td>A report arrived and no MUST or MUST NOT failed (SHOULD and MAY rows may have).</td>
          </tr>
          <tr>
            <td>1</td>
            <td>A report arrived and at least one MUST or MUST NOT failed.</td>
          </tr>
          <tr>
            <td>2</td>
            <td>
              No run: the server could not start, or no report arrived (the host never called{" "}
              <code>conformance_run</code>, or the view never reported back).
            </td>
          </tr>
        </tbody>
      </table>

      <h2 id="reproduce-the-grid">Reproduce the grid</h2>
      <p className="hosts-intro">
        The measured columns for MCP Inspector, sunpeak (ChatGPT and Claude runtimes) and
        @mcp-ui/client&apos;s AppRenderer come from one command, <code>npm run hosts:grid</code>. It
        installs each host at the version the grid names into <code>.hosts-grid/</code> (never into
        the project), starts one conformance server per host behind a pass-through that logs what
        reached the server, drives the host in Chromium to run <code>conformance_run</code> (and{" "}
        <code>conformance_run_default_csp</code> for the default-CSP row), closes the view for the
        teardown rows, and rewrites <code>content/hosts/&lt;host&gt;.json</code> with the date, the
        versions and each row&apos;s verdict and evidence as soon as that host is done. It needs the
        npm registry and a few minutes; it is not part of <code>npm test</code>.{" "}
        <code>--only mcp-inspector</code> measures one host. ext-apps&apos; basic-host is not
        published, so its column stays a dated record.
      </p>

      <h2 id="send-a-record">Put your host on the grid</h2>
      <p className="hosts-intro">
        Send the JSON report with the host&apos;s name, version and how you set it up: it becomes a
        record under <code>content/hosts/</code>, its FAILs confirmed from the wire before they are
        shown. <Link href="/hosts#contribute">How records are written</Link>.
      </p>
    </>
  );
}
