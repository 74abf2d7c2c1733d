import Link from "@/app/_components/link";
import { practiceHref, topicName } from "./topics";

/** A topic's row header: its name, linking to practice on that topic. */
export function TopicHeader({ topic }: { topic: string }) {
  return (
    <th scope="row">
      <Link href={practiceHref(topic)}>{topicName(topic)}</Link>
    </th>
  );
}

/** A percentage as a bar and as text (never the bar alone). */
export function ScoreCell({ percent }: { percent: number }) {
  return (
    <td className="score-cell">
      <span className="progress-bar" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>{" "}
      {percent} %
    </td>
  );
}
