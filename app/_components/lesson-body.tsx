import * as React from "react";
import * as ReactDOM from "react-dom";
import * as jsxRuntime from "react/jsx-runtime";
import { getMDXComponent } from "mdx-bundler/client";
import { mdxComponents } from "./mdx-registry";

/**
 * Renders a lesson compiled at build time, on the server: the lesson's text arrives as HTML and
 * only the widgets it uses (client components) send JavaScript to the browser. The server's own
 * React is passed in as the MDX module's globals, so the body shares one copy of React.
 */
export function LessonBody({
  code,
  codeCss = "",
  slug,
}: {
  code: string;
  /** The lesson's code-token classes (CompiledLesson.codeCss), put in the head once. */
  codeCss?: string;
  slug: string;
}) {
  const Content = getMDXComponent(code, { React, ReactDOM, _jsx_runtime: jsxRuntime });
  return (
    <>
      {codeCss ? (
        <style href={`lesson-code-colours-${slug}`} precedence="default">
          {codeCss}
        </style>
      ) : null}
      {/* A server component renders once per request (here, once per build): no identity to
          keep. */}
      {/* eslint-disable-next-line react-hooks/static-components */}
      <Content components={mdxComponents} />
    </>
  );
}
