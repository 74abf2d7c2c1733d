// The simulator's run detail: the panels a run fills in after the page is up. One chunk, loaded
// by run-panels.tsx (lazyModule), not part of the page's first load (issue 23).
export { ConsentDialog } from "../_components/consent-dialog";
export { ConversationPanel } from "./conversation-panel";
export { CspPanel } from "./csp-panel";
export { Sequence } from "./sequence";
export { ToolCallPanel } from "./tool-call-panel";
