import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Notices } from "./_components/notices";
import { SiteHeader } from "./_components/site-header";
import { StoreProvider } from "./_components/store-provider";
import { themeScript } from "./_components/theme-script";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "MCP Apps Academy", template: "%s · MCP Apps Academy" },
  description:
    "Lessons, a live simulator and practice quizzes for MCP Apps, the Model Context Protocol UI extension.",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en" suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeScript }} />
      </head>
      <body>
        <StoreProvider>
          <SiteHeader />
          <Notices />
          <main id="main" tabIndex={-1}>
            {children}
          </main>
          <footer className="site-footer">
            <p>
              Rules cite the MCP Apps specification 2026-01-26 and MCP core 2026-07-28. See{" "}
              <a href="/rules">all rules</a>.
            </p>
          </footer>
        </StoreProvider>
      </body>
    </html>
  );
}
