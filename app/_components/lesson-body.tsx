"use client";

import * as React from "react";
import * as ReactDOM from "react-dom";
import * as jsxRuntime from "react/jsx-runtime";
import { getMDXComponent } from "mdx-bundler/client";
import { mdxComponents } from "./mdx-registry";

/**
 * Renders a lesson compiled at build time. The page's own React is passed in as the MDX
 * module's globals: otherwise prerendering loads a second copy of React and hooks break.
 */
export function LessonBody({ code }: { code: string }) {
  const Content = React.useMemo(
    () => getMDXComponent(code, { React, ReactDOM, _jsx_runtime: jsxRuntime }),
    [code],
  );
  // Memoised on the code string, so the component's identity is stable across renders.
  // eslint-disable-next-line react-hooks/static-components
  return <Content components={mdxComponents} />;
}
