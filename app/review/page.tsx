import type { Metadata } from "next";
import { simulatorHostProfiles } from "@/lib/content/host-profiles";
import { worksInHosts } from "@/lib/review/works-in-hosts";
import { ReviewApp } from "./review-app";
import "./review.css";

export const metadata: Metadata = { title: "Review a server" };

export default async function ReviewPage() {
  // The host profiles for "Works in": the reference and every profile, as the simulator has them.
  const hosts = worksInHosts(await simulatorHostProfiles(new Date().toISOString().slice(0, 10)));
  return (
    <>
      <h1>Review a server</h1>
      <p className="muted">
        Connect this page&apos;s host to your own MCP App server over Streamable HTTP. It detects
        the protocol era, lists every tool and resource, walks the host&apos;s decision table for
        each UI tool and checks the server against the review and requirements checklists, citing
        the rules and lessons behind each verdict. Requests go from your browser straight to the
        server (nothing passes through the academy&apos;s server), so the server must allow this
        page with CORS. For stdio servers and CI, the same report comes from{" "}
        <code>npm run review -- &lt;url&gt;</code> or{" "}
        <code>npm run review -- --stdio &quot;&lt;command&gt;&quot;</code>.
      </p>
      <ReviewApp hosts={hosts} />
    </>
  );
}
