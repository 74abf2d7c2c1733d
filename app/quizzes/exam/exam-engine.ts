// What the exam needs once it runs or shows results, but not to show its start page: the item
// generator (the host engine and the rules it cites, to draw generated items from their ids), the
// running exam's screens and the results screen. A chunk of its own, so the exam page's first load stays small (issue 23);
// exam-engine-loader.ts starts fetching it while the page hydrates.
export { examLookup } from "@/lib/drill/exam-items";
export { ExamResults } from "./exam-results";
export { RunningExam } from "./running-exam";
